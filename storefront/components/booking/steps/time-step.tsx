import type { BookingView } from '../../../lib/booking-view';
import type { ShopView } from '../../../lib/shop-view';
import { ActionButton } from '../../buttons';
import { Actions, Alert, DisabledReason, Muted, Panel, StepHeading } from '../booking-ui';
import { TimePicker } from '../time-picker';

/**
 * Step 3: the month calendar and the day's free times (issue 25). When the barber chosen has nothing that day but
 * others do, it names them and offers to switch.
 */
export function TimeStep(props: {
  id: string;
  title: string;
  moved: boolean;
  view: ShopView;
  booking: BookingView;
  serviceIds: string[];
  barberId: string;
  barber: ShopView['barbers'][number] | null;
  eligible: ShopView['barbers'];
  onBarberId: (id: string) => void;
  date: string;
  onDate: (date: string) => void;
  start: string | null;
  onStart: (start: string | null, label: string | null) => void;
  reloadKey: number;
  timeError: string | null;
  onWaitlist?: () => void;
  onContinue: () => void;
  onBack: () => void;
}) {
  const { id, barber, booking } = props;
  return (
    <Panel aria-labelledby={`${id}-time`} data-booking-step="time">
      <StepHeading focusOnMount={props.moved} id={`${id}-time`}>
        {props.title}
      </StepHeading>
      {barber ? (
        <Muted>
          With {barber.name}
          {barber.bio ? `: ${barber.bio}` : ''}
        </Muted>
      ) : null}
      {props.timeError ? <Alert role="alert">{props.timeError}</Alert> : null}
      <TimePicker
        slug={props.view.shop.slug}
        serviceIds={props.serviceIds}
        barberId={props.barberId}
        days={booking.days}
        timeZoneLabel={booking.timeZoneLabel}
        clock={booking.clock}
        date={props.date}
        onDate={props.onDate}
        start={props.start}
        onStart={props.onStart}
        reloadKey={props.reloadKey}
        onWaitlist={props.onWaitlist}
        barbers={props.eligible}
        onBarber={props.onBarberId}
        waitlist={props.view.waitlistEnabled}
      />
      <Actions>
        <ActionButton
          type="button"
          $tone="solid"
          disabled={!props.start}
          aria-describedby={props.start ? undefined : `${id}-time-why`}
          onClick={props.onContinue}
        >
          Continue
        </ActionButton>
        <ActionButton type="button" $tone="outline" onClick={props.onBack}>
          Back
        </ActionButton>
      </Actions>
      {props.start ? null : <DisabledReason id={`${id}-time-why`}>Choose a time to continue.</DisabledReason>}
    </Panel>
  );
}
