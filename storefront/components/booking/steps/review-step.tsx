import { formatPhone } from '@barberly/common';
import type { BookingView } from '../../../lib/booking-view';
import type { ShopView } from '../../../lib/shop-view';
import { ActionButton } from '../../buttons';
import { Actions, Alert, Details, Muted, Panel, StepHeading } from '../booking-ui';
import type { ContactDetails } from '../contact-fields';
import { type ReminderAnswer, reminderLabel } from '../reminder-choice';
import { everyWeeks, type RepeatAnswer } from './details-step';

/** Step 5: what will be sent, then "Confirm booking". */
export function ReviewStep(props: {
  id: string;
  title: string;
  moved: boolean;
  view: ShopView;
  booking: BookingView;
  details: ContactDetails;
  reminders: ReminderAnswer;
  repeat: RepeatAnswer;
  submitting: boolean;
  submitError: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { id, view, booking, details, repeat } = props;
  return (
    <Panel aria-labelledby={`${id}-review`} data-booking-step="review">
      <StepHeading focusOnMount={props.moved} id={`${id}-review`}>
        {props.title}
      </StepHeading>
      <Details>
        <dt>Name</dt>
        <dd>{details.name}</dd>
        <dt>Email</dt>
        <dd>{details.email}</dd>
        <dt>Phone</dt>
        <dd>{formatPhone(details.phone, view.shop.phoneCountry)}</dd>
        {booking.textChannels.length > 0 ? (
          <>
            <dt>Reminders</dt>
            <dd>{reminderLabel(props.reminders.channel)}</dd>
          </>
        ) : null}
        {details.note.trim() ? (
          <>
            <dt>Note</dt>
            <dd>{details.note}</dd>
          </>
        ) : null}
        {view.clientsMayRepeat && repeat.on ? (
          <>
            <dt>Repeats</dt>
            <dd data-review-repeat="">
              {everyWeeks(repeat.intervalWeeks)}, {repeat.count} visits in all
            </dd>
          </>
        ) : null}
      </Details>
      <Muted>Times are in {booking.timeZoneLabel}.</Muted>
      <div role="status" aria-live="polite">
        {props.submitting ? 'Booking your appointment…' : ''}
      </div>
      {props.submitError ? <Alert role="alert">{props.submitError}</Alert> : null}
      <Actions>
        <ActionButton type="button" $tone="solid" aria-disabled={props.submitting} onClick={props.onConfirm}>
          Confirm booking
        </ActionButton>
        <ActionButton type="button" $tone="outline" disabled={props.submitting} onClick={props.onBack}>
          Back
        </ActionButton>
      </Actions>
    </Panel>
  );
}
