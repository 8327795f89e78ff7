/**
 * What the confirmation, the manage page and the claim page share about a visit (issue 14): its services as line
 * items with their total, the visits of a series, and the visits of a series that were not free with the
 * alternatives to accept one by one.
 */
import {
  type Appointment,
  type ClockOptions,
  type DisplaySettings,
  formatClockTime,
  formatDuration,
  formatPrice,
  type SeriesCollision,
} from '@barberly/common';
import { useId, useState } from 'react';
import { styled } from 'styled-components';
import { acceptCollision, BookingApiError, NETWORK_MESSAGE } from '../../lib/booking-api';
import { formatShortDay, localDateIn } from '../../lib/booking-view';
import { ActionButton } from '../buttons';
import { Alert, Figures, LiveStatus, Muted, PlainList } from './booking-ui';

type Line = { name: string; durationMinutes: number; price: number };

/** 'Skin Fade (45 min, $40)' */
function lineText(line: Line, display: DisplaySettings): string {
  return `${line.name} (${formatDuration(line.durationMinutes)}, ${formatPrice(line.price, display)})`;
}

/**
 * The dd of a visit's services: one line for a single service (as before issue 14); for several, each item as
 * booked and the total (the appointment's `service` holds the sums).
 */
export function VisitServices({
  appointment,
  display,
}: {
  appointment: Pick<Appointment, 'service' | 'items'>;
  display: DisplaySettings;
}) {
  const items = appointment.items ?? [];
  if (items.length <= 1) return <dd>{lineText(appointment.service, display)}</dd>;
  return (
    <dd data-visit-items="">
      <PlainList>
        {items.map((item) => (
          // A service appears once in a visit; an item whose service was deleted since keeps its name.
          <li key={`${item.serviceId ?? ''}|${item.name}`}>{lineText(item, display)}</li>
        ))}
        <li>
          Total: {formatDuration(appointment.service.durationMinutes)},{' '}
          {formatPrice(appointment.service.price, display)}
        </li>
      </PlainList>
    </dd>
  );
}

/** 'Tue, Dec 22 · 10:00 AM' for an instant in the shop's zone and clock. */
export function shortDayTime(start: string, clock: ClockOptions & { timeZone: string }): string {
  return `${formatShortDay(localDateIn(start, clock.timeZone))} · ${formatClockTime(start, clock)}`;
}

/** The visits of a series, soonest first: 'Mon, Nov 23 · 9:00 AM'. */
export function SeriesVisits({
  visits,
  clock,
}: {
  visits: Array<Pick<Appointment, 'id' | 'start' | 'localDate' | 'status'>>;
  clock: ClockOptions & { timeZone: string };
}) {
  return (
    <PlainList data-series-visits="">
      {visits.map((v) => (
        <li key={v.id}>
          {formatShortDay(v.localDate)} · {formatClockTime(v.start, clock)}
          {v.status === 'cancelled' ? <Muted as="span"> (cancelled)</Muted> : null}
        </li>
      ))}
    </PlainList>
  );
}

const CollisionItem = styled.li`
  display: grid;
  gap: 0.6rem;
  padding: 0.75rem 0;
  border-top: 1px solid ${(p) => p.theme.palette.border};
`;

const Alternatives = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  > * { flex: 1 1 10rem; }
  @media (min-width: 480px) { > * { flex: 0 0 auto; } }
`;

type Outcome = { state: 'busy' } | { state: 'booked'; label: string } | { state: 'error'; message: string };

/**
 * The series' visits that were not free: 'Tue, Dec 22 · 10:00 AM is taken — choose:' and a button per alternative,
 * nearest first. Accepting books it through the visit's manage link; the answer is announced and replaces the
 * buttons. Nothing is skipped silently: a collision without alternatives says so.
 */
export function CollisionChoices({
  token,
  collisions,
  clock,
  onAccepted,
}: {
  token: string;
  collisions: SeriesCollision[];
  clock: ClockOptions & { timeZone: string };
  onAccepted?: (appointment: Appointment) => void;
}) {
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [announce, setAnnounce] = useState('');
  const id = useId();
  const open = collisions.filter((c) => c.status === 'open');
  if (open.length === 0) return null;

  async function accept(collision: SeriesCollision, start: string) {
    if (outcomes[collision.date]?.state === 'busy') return;
    setOutcomes((o) => ({ ...o, [collision.date]: { state: 'busy' } }));
    setAnnounce('Booking…');
    try {
      const appointment = await acceptCollision(token, collision.date, start);
      const label = shortDayTime(appointment.start || start, clock);
      setOutcomes((o) => ({ ...o, [collision.date]: { state: 'booked', label } }));
      setAnnounce(`Booked ${label}.`);
      onAccepted?.(appointment);
    } catch (err) {
      const message = err instanceof BookingApiError ? err.message : NETWORK_MESSAGE;
      setOutcomes((o) => ({ ...o, [collision.date]: { state: 'error', message } }));
      // The alert below reads it.
      setAnnounce('');
    }
  }

  return (
    <div data-series-collisions="">
      <LiveStatus>{announce}</LiveStatus>
      <PlainList>
        {open.map((collision, index) => {
          const outcome = outcomes[collision.date];
          const wanted = shortDayTime(collision.wantedStart, clock);
          const labelId = `${id}-c${index}`;
          return (
            <CollisionItem key={collision.date} data-collision={collision.date}>
              {outcome?.state === 'booked' ? (
                <p>
                  Instead of {wanted}: <strong>booked {outcome.label}</strong>.
                </p>
              ) : collision.alternatives.length === 0 ? (
                <p>{wanted} is taken, and no time nearby is free. Please call the shop for this visit.</p>
              ) : (
                <>
                  <p id={labelId}>{wanted} is taken — choose:</p>
                  <Alternatives role="group" aria-labelledby={labelId}>
                    {collision.alternatives.map((alt) => (
                      <ActionButton
                        key={alt.start}
                        type="button"
                        $tone="outline"
                        aria-disabled={outcome?.state === 'busy'}
                        onClick={() => accept(collision, alt.start)}
                      >
                        <Figures>{shortDayTime(alt.start, clock)}</Figures>
                      </ActionButton>
                    ))}
                  </Alternatives>
                  {outcome?.state === 'error' ? <Alert role="alert">{outcome.message}</Alert> : null}
                </>
              )}
            </CollisionItem>
          );
        })}
      </PlainList>
    </div>
  );
}
