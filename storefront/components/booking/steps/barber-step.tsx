import type { ShopView } from '../../../lib/shop-view';
import { ActionButton } from '../../buttons';
import { Actions, Choice, ChoiceList, Fieldset, Muted, Panel, StepHeading } from '../booking-ui';

/** Step 2: any barber, or one of those who do every chosen service (their own total when it differs). */
export function BarberStep(props: {
  id: string;
  title: string;
  moved: boolean;
  eligible: ShopView['barbers'];
  allBarbers: number;
  severalServices: boolean;
  barberId: string;
  onBarberId: (id: string) => void;
  /** 'With Marco: 50 min · $45' when the barber's own total differs from the shop's; null otherwise. */
  ownTotal: (barber: ShopView['barbers'][number]) => string | null;
  onContinue: () => void;
  onBack: () => void;
}) {
  const { id } = props;
  return (
    <Panel aria-labelledby={`${id}-barber`} data-booking-step="barber">
      <StepHeading focusOnMount={props.moved} id={`${id}-barber`}>
        {props.title}
      </StepHeading>
      <Fieldset>
        <legend>Barber</legend>
        {props.eligible.length < props.allBarbers ? (
          <Muted>Only the barbers who do {props.severalServices ? 'all of these services' : 'this service'}.</Muted>
        ) : null}
        <ChoiceList>
          <Choice
            name={`${id}-barber-choice`}
            value="any"
            checked={props.barberId === 'any'}
            onChange={props.onBarberId}
            detail="The first barber free at your time"
            testId="barber"
          >
            Any barber
          </Choice>
          {props.eligible.map((b) => (
            <Choice
              key={b.id}
              name={`${id}-barber-choice`}
              value={b.id}
              checked={props.barberId === b.id}
              onChange={props.onBarberId}
              detail={[b.bio, props.ownTotal(b)].filter(Boolean).join(' · ')}
              testId="barber"
            >
              {b.name}
            </Choice>
          ))}
        </ChoiceList>
      </Fieldset>
      <Actions>
        <ActionButton type="button" $tone="solid" onClick={props.onContinue}>
          Continue
        </ActionButton>
        <ActionButton type="button" $tone="outline" onClick={props.onBack}>
          Back
        </ActionButton>
      </Actions>
    </Panel>
  );
}
