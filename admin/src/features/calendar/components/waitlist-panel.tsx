import {
  type AvailabilitySlot,
  type Barber,
  type DisplaySettings,
  formatClockTime,
  formatWallTime,
  shopPhoneCountry,
  type WaitlistEntry,
  type WaitlistStatus,
} from '@barberly/common';
import { Clock, ListOrdered, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { ContactLinks } from '../../../components/ui/contact-links';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import { apiErrorToast } from '../../../lib/dashboard-toasts';
import { wallTimeOf } from '../../../lib/wall-time';
import { useFreeTimes, useOfferSlot, useRemoveWaitlistEntry, useWaitlist } from '../api/visits-api';
import { slotOfferedToast, waitlistEntryRemovedToast } from '../lib/messages';

const STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  booked: 'Booked',
  expired: 'Offer expired',
  left: 'Left',
};
const STATUS_STYLES: Record<WaitlistStatus, string> = {
  waiting: 'bg-sky-100 text-sky-800',
  offered: 'bg-amber-100 text-amber-900',
  booked: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-neutral-200 text-neutral-700',
  left: 'bg-neutral-200 text-neutral-600',
};

/** Still in line: the owner may offer them a time or take them off. */
const isActive = (entry: WaitlistEntry) => entry.status === 'waiting' || entry.status === 'offered';

/** '10:00 AM – 1:00 PM' on the shop's clock. */
function windowLabel(entry: WaitlistEntry, display?: DisplaySettings) {
  return `${formatWallTime(entry.windowStart, display)} – ${formatWallTime(entry.windowEnd, display)}`;
}

/** Whether a free start falls inside the client's window (wall times compare as 'HH:MM' text). */
function inWindow(slot: AvailabilitySlot, entry: WaitlistEntry, timeZone: string): boolean {
  const at = wallTimeOf(slot.start, timeZone);
  return at >= entry.windowStart && at < entry.windowEnd;
}

/**
 * 'Offer a time…': the day's free starts for their services and barber (the storefront's availability call), those in
 * their window first; choosing one (and, for 'any', which barber) holds it for them and sends the link.
 */
function OfferPicker({
  shopId,
  shopKey,
  entry,
  timeZone,
  barbers,
  display,
  onDone,
}: {
  shopId: string;
  shopKey: string;
  entry: WaitlistEntry;
  timeZone: string;
  barbers: Barber[];
  display?: DisplaySettings;
  onDone: () => void;
}) {
  const free = useFreeTimes(
    shopKey,
    { serviceIds: entry.services.map((s) => s.id), barberId: entry.barber?.id ?? 'any', date: entry.date },
    true,
  );
  const offer = useOfferSlot(shopId);
  const [chosen, setChosen] = useState<AvailabilitySlot | null>(null);
  const [barberId, setBarberId] = useState('');
  const slots = free.data?.slots ?? [];
  const inside = slots.filter((s) => inWindow(s, entry, timeZone));
  const outside = slots.filter((s) => !inWindow(s, entry, timeZone));
  const label = (slot: AvailabilitySlot) => formatClockTime(slot.start, { ...display, timeZone });
  const nameOf = (id: string) => barbers.find((b) => b.id === id)?.name ?? 'Barber';
  const choose = (slot: AvailabilitySlot) => {
    setChosen(slot);
    setBarberId(entry.barber?.id ?? slot.barberIds[0] ?? '');
  };
  const send = async () => {
    if (!chosen || !barberId) return;
    try {
      await offer.mutateAsync({ entryId: entry.id, start: chosen.start, barberId });
      showToast(slotOfferedToast(entry.client.name, label(chosen)));
      onDone();
    } catch (error) {
      showToast(apiErrorToast(error, 'The offer could not be sent. Please try again.'));
    }
  };
  const slotButtons = (list: AvailabilitySlot[], name: string) => (
    <fieldset className="mt-2 flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">{name}</legend>
      {list.map((slot) => (
        <Button
          key={slot.start}
          variant="light"
          size="sm"
          aria-pressed={chosen?.start === slot.start}
          className={cn(chosen?.start === slot.start && 'border-amber-500 bg-amber-50')}
          onClick={() => choose(slot)}
        >
          {label(slot)}
        </Button>
      ))}
    </fieldset>
  );
  return (
    <section aria-label={`Offer a time to ${entry.client.name}`} className="mt-3 rounded-lg bg-neutral-50 p-3">
      {free.isPending ? (
        <Spinner label="Loading free times" />
      ) : free.isError ? (
        <div className="text-sm">
          <p className="text-red-700">The free times could not be loaded: {free.error.message}</p>
          <Button className="mt-2" variant="light" size="sm" onClick={() => void free.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" /> Try again
          </Button>
        </div>
      ) : slots.length === 0 ? (
        <p className="text-sm text-neutral-700">No free time on this day for these services.</p>
      ) : (
        <>
          {inside.length > 0 ? (
            slotButtons(inside, 'Free times in their window')
          ) : (
            <p className="text-sm text-neutral-700">No free time in their window ({windowLabel(entry, display)}).</p>
          )}
          {outside.length > 0 ? (
            <details className="mt-2" open={inside.length === 0}>
              <summary className="cursor-pointer text-sm font-semibold text-neutral-800">
                Other free times this day
              </summary>
              {slotButtons(outside, 'Other free times')}
            </details>
          ) : null}
        </>
      )}
      {chosen && !entry.barber && chosen.barberIds.length > 1 ? (
        <SelectField
          className="mt-3 max-w-xs"
          label="Barber"
          value={barberId}
          onChange={(event) => setBarberId(event.target.value)}
          options={chosen.barberIds.map((id) => ({ value: id, label: nameOf(id) }))}
        />
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" disabled={!chosen || !barberId || offer.isPending} onClick={() => void send()}>
          {offer.isPending ? 'Sending...' : chosen ? `Offer ${label(chosen)}` : 'Choose a time'}
        </Button>
        <Button variant="light" size="sm" disabled={offer.isPending} onClick={onDone}>
          Close
        </Button>
      </div>
    </section>
  );
}

function EntryItem({
  shopId,
  shopKey,
  entry,
  timeZone,
  barbers,
  display,
}: {
  shopId: string;
  shopKey: string;
  entry: WaitlistEntry;
  timeZone: string;
  barbers: Barber[];
  display?: DisplaySettings;
}) {
  const [offering, setOffering] = useState(false);
  const remove = useRemoveWaitlistEntry(shopId);
  const { client, hold } = entry;
  const services = entry.services.map((s) => s.name).join(' + ');
  return (
    <li
      aria-label={`${entry.position}. ${client.name}, ${services}`}
      className="rounded-xl border border-neutral-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 gap-3">
          <span
            aria-hidden="true"
            className="grid size-8 shrink-0 place-items-center rounded-full bg-neutral-900 text-sm font-bold text-white"
          >
            {entry.position}
          </span>
          <div className="min-w-0">
            <p className="break-words font-semibold">
              <span className="sr-only">Number {entry.position}: </span>
              {client.name}
            </p>
            <p className="text-sm text-neutral-700">{services}</p>
            <p className="text-sm text-neutral-600">
              {windowLabel(entry, display)} · {entry.barber ? entry.barber.name : 'Any barber'}
            </p>
          </div>
        </div>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_STYLES[entry.status])}>
          {STATUS_LABELS[entry.status]}
        </span>
      </div>
      {hold ? (
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-900">
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          Holding {hold.label} with {hold.barberName} until {formatClockTime(hold.expiresAt, { ...display, timeZone })}
        </p>
      ) : null}
      <ContactLinks
        phone={client.phone}
        email={client.email}
        country={display?.locale ? shopPhoneCountry({ locale: display.locale }) : null}
        className="sm:flex-row sm:gap-4"
      />
      {isActive(entry) ? (
        offering ? (
          <OfferPicker
            shopId={shopId}
            shopKey={shopKey}
            entry={entry}
            timeZone={timeZone}
            barbers={barbers}
            display={display}
            onDone={() => setOffering(false)}
          />
        ) : (
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button
              variant="light"
              size="sm"
              aria-label={`Offer a time to ${client.name}`}
              disabled={Boolean(hold)}
              title={hold ? 'A time is held for them now' : undefined}
              onClick={() => setOffering(true)}
            >
              Offer a time…
            </Button>
            <ConfirmDelete
              label="Remove"
              size="sm"
              accessibleLabel={`Remove ${client.name} from the waitlist`}
              question={`Remove ${client.name} from this day's waitlist?`}
              pending={remove.isPending}
              pendingLabel="Removing..."
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(entry.id);
                  showToast(waitlistEntryRemovedToast);
                } catch (error) {
                  showToast(apiErrorToast(error, 'The entry could not be removed. Please try again.'));
                }
              }}
            />
          </div>
        )
      ) : null}
    </li>
  );
}

/**
 * The agenda day's waitlist (issue 14), in the order they joined: who, their window, barber or any, services,
 * status and the slot held for them now; the owner offers a free time by hand or removes an entry.
 */
export function WaitlistPanel({
  shopId,
  shopKey,
  date,
  timeZone,
  barbers,
  display,
  off = false,
}: {
  shopId: string;
  /** The shop turned its waitlist off: entries made before still show, and can still be offered a time. */
  off?: boolean;
  /** Slug (or id) for the availability call. */
  shopKey: string;
  date: string;
  timeZone: string;
  barbers: Barber[];
  display?: DisplaySettings;
}) {
  const waitlist = useWaitlist(shopId, date);
  const entries = waitlist.data ?? [];
  const waiting = entries.filter(isActive).length;
  return (
    <Card role="region" aria-label="Waitlist">
      <CardHeader
        as="h3"
        title="Waitlist"
        description={
          off
            ? 'The waitlist is off: clients cannot join it (Booking Settings on the Overview).'
            : waitlist.data
              ? waiting === 0
                ? 'No one waiting for this day.'
                : `${waiting} waiting for this day, first come first offered.`
              : 'Clients waiting for a time on this day.'
        }
        actions={
          <Button
            variant="light"
            size="sm"
            aria-label="Refresh waitlist"
            disabled={waitlist.isFetching}
            onClick={() => void waitlist.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
          </Button>
        }
      />
      <div className="mt-4" aria-busy={waitlist.isFetching}>
        {waitlist.isPending ? (
          <div className="grid place-items-center py-6 text-amber-500">
            <Spinner label="Loading waitlist" />
          </div>
        ) : waitlist.isError ? (
          <div className="text-center">
            <p className="font-semibold">The waitlist could not be loaded</p>
            <p className="mt-1 text-sm text-neutral-600">{waitlist.error.message}</p>
            <Button className="mt-3" size="sm" onClick={() => void waitlist.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" /> Try again
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-600">
            <ListOrdered aria-hidden="true" className="size-5 shrink-0 text-neutral-400" />
            When this day is full, clients who join its waitlist show up here in the order they joined.
          </div>
        ) : (
          <ol aria-label={`Waitlist for ${date}`} className="flex flex-col gap-3">
            {entries.map((entry) => (
              <EntryItem
                key={entry.id}
                shopId={shopId}
                shopKey={shopKey}
                entry={entry}
                timeZone={timeZone}
                barbers={barbers}
                display={display}
              />
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
