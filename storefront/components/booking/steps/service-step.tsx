import { formatDuration, formatPrice, VISIT_LIMITS, VISIT_MESSAGES } from '@barberly/common';
import { useTheme } from 'styled-components';
import type { ShopView } from '../../../lib/shop-view';
import { toggleService } from '../../../lib/visit';
import { ActionButton } from '../../buttons';
import {
  Actions,
  Alert,
  ChoiceList,
  DisabledReason,
  Fieldset,
  Figures,
  LiveStatus,
  Muted,
  Panel,
  StepHeading,
  ToggleChoice,
} from '../booking-ui';

/** Step 1: one or more services, in the order picked, with the running total. */
export function ServiceStep(props: {
  id: string;
  title: string;
  moved: boolean;
  view: ShopView;
  serviceIds: string[];
  onServiceIds: (update: (ids: string[]) => string[]) => void;
  /** The total at the shop's prices, written ('45 min · $40'). */
  totalText: string;
  nobody: boolean;
  onContinue: () => void;
}) {
  const { labels } = useTheme();
  const { id, view, serviceIds } = props;
  const count = serviceIds.length;
  return (
    <Panel aria-labelledby={`${id}-service`} data-booking-step="service">
      <StepHeading focusOnMount={props.moved} id={`${id}-service`}>
        {props.title}
      </StepHeading>
      {view.services.length === 0 ? (
        <Muted>{labels.noServices}</Muted>
      ) : (
        <Fieldset aria-describedby={`${id}-service-hint`}>
          <legend>Services</legend>
          <Muted id={`${id}-service-hint`}>
            Choose one or more, up to {VISIT_LIMITS.servicesMax}: they are done one after the other, in the order you
            pick them.
          </Muted>
          <ChoiceList>
            {view.services.map((s) => {
              const place = serviceIds.indexOf(s.id);
              const minutes = s.durationMinutes ?? labels.defaultDurationMinutes;
              return (
                <ToggleChoice
                  key={s.id}
                  name={`${id}-service-choice`}
                  value={s.id}
                  checked={place >= 0}
                  order={place >= 0 ? place + 1 : undefined}
                  disabled={place < 0 && serviceIds.length >= VISIT_LIMITS.servicesMax}
                  onChange={(value) => props.onServiceIds((ids) => toggleService(ids, value, VISIT_LIMITS.servicesMax))}
                  detail={[minutes ? formatDuration(minutes) : null, formatPrice(s.price, view.display)]
                    .filter(Boolean)
                    .join(' · ')}
                  testId="service"
                >
                  {s.name || labels.untitledService || 'Service'}
                </ToggleChoice>
              );
            })}
          </ChoiceList>
        </Fieldset>
      )}
      {view.services.length > 0 ? (
        // Always there (one line), so choosing a service moves nothing below it.
        <div data-visit-total="">
          <LiveStatus>
            {count === 0 ? (
              <Muted as="span">No service chosen yet.</Muted>
            ) : (
              <>
                <strong>Total:</strong> <Figures>{props.totalText}</Figures>
                <Muted as="span"> ({count === 1 ? '1 service' : `${count} services`})</Muted>
              </>
            )}
          </LiveStatus>
          {props.nobody ? <Alert role="alert">{VISIT_MESSAGES.noBarberForVisit}</Alert> : null}
        </div>
      ) : null}
      <Actions>
        <ActionButton
          type="button"
          $tone="solid"
          disabled={count === 0 || props.nobody}
          aria-describedby={count === 0 ? `${id}-service-why` : undefined}
          onClick={props.onContinue}
        >
          Continue
        </ActionButton>
      </Actions>
      {count === 0 ? <DisabledReason id={`${id}-service-why`}>Choose a service to continue.</DisabledReason> : null}
    </Panel>
  );
}
