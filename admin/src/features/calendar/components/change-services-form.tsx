import {
  type Appointment,
  type Barber,
  type DisplaySettings,
  formatDuration,
  formatMoney,
  type Service,
} from '@barberly/common';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toaster';
import { useChangeServices } from '../api/calendar-api';
import { errorText } from '../lib/errors';
import { offerOf } from './new-appointment-dialog';

/**
 * "Services" in the appointment's detail (issue 25): tick what the visit is now; the length and price follow the
 * barber's own. A longer visit that runs into the next appointment is refused in words.
 */
export function ChangeServicesForm({
  shopId,
  appointment,
  barber,
  services,
  display,
}: {
  shopId: string;
  appointment: Appointment;
  barber: Barber | undefined;
  services: Service[];
  display?: DisplaySettings;
}) {
  const booked = (appointment.items ?? []).map((i) => i.serviceId).filter((id): id is string => Boolean(id));
  const [chosen, setChosen] = useState<string[]>(booked);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeServices(shopId);
  const offered = services
    .map((service) => ({ service, offer: offerOf(barber, service) }))
    .filter((o): o is { service: Service; offer: { durationMinutes: number; price: number } } => o.offer !== null);
  const same = chosen.length === booked.length && chosen.every((id, i) => id === booked[i]);
  const minutes = offered
    .filter((o) => chosen.includes(o.service.id))
    .reduce((sum, o) => sum + o.offer.durationMinutes, 0);
  return (
    <form
      aria-label="Change services"
      className="rounded-xl border border-neutral-200 p-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        if (chosen.length === 0) return setError('Choose at least one service.');
        try {
          const changed = await change.mutateAsync({ id: appointment.id, serviceIds: chosen });
          showToast({
            title: 'Services changed',
            description: `${changed.service.name}, ${formatDuration(changed.service.durationMinutes)}`,
            variant: 'success',
          });
        } catch (err) {
          setError(errorText(err));
        }
      }}
    >
      <fieldset>
        <legend className="font-bold">Services</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {offered.map(({ service, offer }) => (
            <li key={service.id}>
              <label className="flex items-center gap-2 rounded-lg border border-neutral-200 px-3 py-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.includes(service.id)}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked ? [...current, service.id] : current.filter((id) => id !== service.id),
                    )
                  }
                />
                <span className="min-w-0 flex-1 truncate">{service.name}</span>
                <span className="shrink-0 text-neutral-600">
                  {formatDuration(offer.durationMinutes)} · {formatMoney(offer.price, display)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="light" className="mt-3" disabled={change.isPending || same}>
        {change.isPending ? 'Saving…' : `Save services${minutes > 0 ? ` (${formatDuration(minutes)})` : ''}`}
      </Button>
    </form>
  );
}
