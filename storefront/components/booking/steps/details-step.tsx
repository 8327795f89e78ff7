import { VISIT_LIMITS } from '@barberly/common';
import type { FormEvent } from 'react';
import type { BookingView } from '../../../lib/booking-view';
import type { ShopView } from '../../../lib/shop-view';
import { ActionButton } from '../../buttons';
import { Actions, Checkbox, Field, FieldError, Fieldset, Panel, Select, StepHeading, TextArea } from '../booking-ui';
import { type ContactDetails, ContactFields, type DetailErrors } from '../contact-fields';
import { type ReminderAnswer, ReminderChoice } from '../reminder-choice';

/** A client's series (issue 14): every N weeks, K visits in all; off unless they ask. */
export interface RepeatAnswer {
  on: boolean;
  intervalWeeks: number;
  count: number;
}

export const REPEAT_DEFAULT: RepeatAnswer = { on: false, intervalWeeks: 4, count: 6 };
const WEEK_CHOICES = Array.from({ length: VISIT_LIMITS.intervalWeeksMax }, (_, i) => i + 1);
const COUNT_CHOICES = Array.from({ length: VISIT_LIMITS.occurrencesMax - 1 }, (_, i) => i + 2);

export function everyWeeks(n: number): string {
  return n === 1 ? 'Every week' : `Every ${n} weeks`;
}

/** Step 4: contact details, reminders, a note and (where the shop allows) a regular appointment. */
export function DetailsStep(props: {
  id: string;
  title: string;
  moved: boolean;
  view: ShopView;
  booking: BookingView;
  details: ContactDetails;
  onDetails: (update: ContactDetails | ((d: ContactDetails) => ContactDetails)) => void;
  errors: DetailErrors;
  onErrors: (update: (e: DetailErrors) => DetailErrors) => void;
  reminders: ReminderAnswer;
  onReminders: (next: ReminderAnswer) => void;
  repeat: RepeatAnswer;
  onRepeat: (update: (r: RepeatAnswer) => RepeatAnswer) => void;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
}) {
  const { id, view, details, errors, repeat } = props;
  return (
    <Panel aria-labelledby={`${id}-details`} data-booking-step="details">
      <StepHeading focusOnMount={props.moved} id={`${id}-details`}>
        {props.title}
      </StepHeading>
      <form noValidate onSubmit={props.onSubmit} aria-labelledby={`${id}-details`}>
        <div style={{ display: 'grid', gap: '1rem' }}>
          <ContactFields idPrefix={id} details={details} errors={errors} onChange={props.onDetails} />
          <ReminderChoice
            idPrefix={id}
            shopName={view.shop.name}
            channels={props.booking.textChannels}
            value={props.reminders}
            onChange={(next) => {
              props.onReminders(next);
              props.onErrors(({ channel: _c, consent: _k, ...rest }) => rest);
            }}
            errors={{ channel: errors.channel, consent: errors.consent }}
          />
          <Field>
            <label htmlFor={`${id}-note`}>
              Note <small>(optional)</small>
            </label>
            <TextArea
              id={`${id}-note`}
              name="note"
              value={details.note}
              aria-invalid={errors.note ? 'true' : 'false'}
              aria-describedby={errors.note ? `${id}-note-error` : undefined}
              onChange={(e) => props.onDetails((d) => ({ ...d, note: e.target.value }))}
            />
            {errors.note ? <FieldError id={`${id}-note-error`}>{errors.note}</FieldError> : null}
          </Field>
          {view.clientsMayRepeat ? (
            <Fieldset data-repeat-choice="">
              <legend>
                Regular appointment <small>(optional)</small>
              </legend>
              <Checkbox
                id={`${id}-repeat`}
                name="repeat"
                checked={repeat.on}
                onChange={(on) => props.onRepeat((r) => ({ ...r, on }))}
              >
                Make this a regular appointment: the same time with the same barber
              </Checkbox>
              {repeat.on ? (
                <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
                  <Field>
                    <label htmlFor={`${id}-every`}>Repeat</label>
                    <Select
                      id={`${id}-every`}
                      value={repeat.intervalWeeks}
                      onChange={(e) => props.onRepeat((r) => ({ ...r, intervalWeeks: Number(e.target.value) }))}
                    >
                      {WEEK_CHOICES.map((n) => (
                        <option key={n} value={n}>
                          {everyWeeks(n)}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field>
                    <label htmlFor={`${id}-count`}>Number of visits</label>
                    <Select
                      id={`${id}-count`}
                      value={repeat.count}
                      onChange={(e) => props.onRepeat((r) => ({ ...r, count: Number(e.target.value) }))}
                    >
                      {COUNT_CHOICES.map((n) => (
                        <option key={n} value={n}>
                          {n} visits
                        </option>
                      ))}
                    </Select>
                  </Field>
                </div>
              ) : null}
            </Fieldset>
          ) : null}
          <Actions>
            <ActionButton type="submit" $tone="solid">
              Continue
            </ActionButton>
            <ActionButton type="button" $tone="outline" onClick={props.onBack}>
              Back
            </ActionButton>
          </Actions>
        </div>
      </form>
    </Panel>
  );
}
