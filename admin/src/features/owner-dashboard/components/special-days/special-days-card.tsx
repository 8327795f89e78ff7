import {
  type Appointment,
  formatSpecialDate,
  formatTime12h,
  type HolidaySuggestion,
  type Shop,
  SPECIAL_DAY_LIMITS,
  type SpecialDay,
  type SpecialDayRequest,
  SpecialDayRequestSchema,
} from '@barberly/common';
import { CalendarOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card, CardHeader } from '../../../../components/ui/card';
import { Dialog } from '../../../../components/ui/dialog';
import { Field } from '../../../../components/ui/field';
import { SelectField } from '../../../../components/ui/select-field';
import { Spinner } from '../../../../components/ui/spinner';
import { showToast } from '../../../../components/ui/toaster';
import { failureToast } from '../../../../lib/dashboard-toasts';
import { useBarbers } from '../../../../lib/shop-queries';
import { MoveAffectedForm } from './move-affected-form';
import { useDeleteSpecialDay, useHolidaySuggestions, usePutSpecialDay, useSpecialDays } from './special-days-api';

/** 'Closed' or '10:00 AM - 2:00 PM'. */
export function specialDayHours(day: Pick<SpecialDay, 'closed' | 'open' | 'close'>): string {
  return day.closed ? 'Closed' : `${formatTime12h(day.open)} - ${formatTime12h(day.close)}`;
}

interface Draft {
  date: string;
  barberId: string;
  closed: boolean;
  open: string;
  close: string;
  reason: string;
}

const emptyDraft = (): Draft => ({ date: '', barberId: '', closed: true, open: '10:00', close: '14:00', reason: '' });

function bodyOf(draft: Draft): SpecialDayRequest {
  return draft.closed
    ? { closed: true, reason: draft.reason }
    : { open: draft.open, close: draft.close, reason: draft.reason };
}

/** The form of one special day: the date, who (the whole shop or one barber), closed or its own hours, why. */
function SpecialDayForm({
  shopId,
  initial,
  editing,
  onSaved,
  onCancel,
}: {
  shopId: string;
  initial: Draft;
  editing: boolean;
  onSaved: (affected: Appointment[], draft: Draft) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const put = usePutSpecialDay(shopId);
  const barbers = useBarbers(shopId).data ?? [];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = async () => {
    const found: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) found.date = 'Choose a date';
    const parsed = SpecialDayRequestSchema.safeParse(bodyOf(draft));
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'close')] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await put.mutateAsync({ date: draft.date, body: bodyOf(draft), barberId: draft.barberId || null });
      showToast({ title: 'Special day saved', description: formatSpecialDate(draft.date), variant: 'success' });
      onSaved(saved.affected, draft);
    } catch (error) {
      showToast(failureToast('Failed to save the special day', error));
    }
  };
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset disabled={put.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Special day</legend>
        <Field
          label="Date"
          type="date"
          value={draft.date}
          readOnly={editing}
          onChange={(e) => set({ date: e.target.value })}
          error={errors.date}
          data-autofocus
        />
        <SelectField
          label="For"
          value={draft.barberId}
          disabled={editing}
          onChange={(e) => set({ barberId: e.target.value })}
          options={[{ value: '', label: 'The whole shop' }, ...barbers.map((b) => ({ value: b.id, label: b.name }))]}
        />
        <div role="radiogroup" aria-label="Hours that day" className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="special-kind" checked={draft.closed} onChange={() => set({ closed: true })} />
            Closed all day
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="special-kind" checked={!draft.closed} onChange={() => set({ closed: false })} />
            Open with other hours
          </label>
        </div>
        {draft.closed ? null : (
          <div className="grid grid-cols-2 gap-3">
            <Field
              label="Opens"
              type="time"
              value={draft.open}
              onChange={(e) => set({ open: e.target.value })}
              error={errors.open}
            />
            <Field
              label="Closes"
              type="time"
              value={draft.close}
              onChange={(e) => set({ close: e.target.value })}
              error={errors.close}
            />
          </div>
        )}
        <Field
          label="Reason (shown to clients)"
          value={draft.reason}
          maxLength={SPECIAL_DAY_LIMITS.reasonMax}
          placeholder="Christmas Day"
          onChange={(e) => set({ reason: e.target.value })}
          error={errors.reason}
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="light" onClick={onCancel} disabled={put.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={put.isPending}>
          {put.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The appointments a closed (or shortened) day leaves out: the owner moves each one (Move…: a new time, the client
 * is told once with a fresh reminder; the row then leaves the list) or cancels those left with notice (the same PUT
 * with cancelAffected; each client gets the cancellation mail).
 */
function AffectedAppointments({
  shopId,
  timeZone,
  draft,
  appointments,
  onDone,
}: {
  shopId: string;
  timeZone: string;
  draft: Draft;
  appointments: Appointment[];
  onDone: () => void;
}) {
  const put = usePutSpecialDay(shopId);
  const [remaining, setRemaining] = useState(appointments);
  const [moving, setMoving] = useState<string | null>(null);
  const cancelAll = async () => {
    try {
      const done = await put.mutateAsync({
        date: draft.date,
        body: { ...bodyOf(draft), cancelAffected: true },
        barberId: draft.barberId || null,
      });
      showToast({
        title: 'Appointments cancelled',
        description: `${done.cancelled.length} client${done.cancelled.length === 1 ? '' : 's'} told by e-mail`,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      showToast(failureToast('Failed to cancel the appointments', error));
    }
  };
  const moved = (id: string) => {
    setMoving(null);
    const left = remaining.filter((a) => a.id !== id);
    setRemaining(left);
    if (left.length === 0) onDone();
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-700">
        {remaining.length === 1 ? 'This appointment is' : `These ${remaining.length} appointments are`} outside the
        day’s new hours. Move {remaining.length === 1 ? 'it' : 'each one'} to another time, or cancel with notice to
        each client.
      </p>
      <ul
        aria-label="Affected appointments"
        className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 text-sm"
      >
        {remaining.map((a) => (
          <li key={a.id}>
            <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium">
                  {a.localTime} · {a.client.name}
                </p>
                <p className="text-neutral-600">
                  {a.service.name} with {a.barber.name}
                </p>
              </div>
              <Button
                variant="light"
                size="sm"
                aria-expanded={moving === a.id}
                aria-label={`Move ${a.localTime} · ${a.client.name}`}
                disabled={put.isPending}
                onClick={() => setMoving(moving === a.id ? null : a.id)}
              >
                Move…
              </Button>
            </div>
            {moving === a.id ? (
              <MoveAffectedForm
                shopId={shopId}
                timeZone={timeZone}
                appointment={a}
                onMoved={() => moved(a.id)}
                onCancel={() => setMoving(null)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="light" onClick={onDone} disabled={put.isPending}>
          Keep them for now
        </Button>
        <Button variant="danger" onClick={() => void cancelAll()} disabled={put.isPending}>
          {put.isPending ? 'Cancelling...' : 'Cancel them with notice'}
        </Button>
      </div>
    </div>
  );
}

/**
 * The public holidays of the shop's country for the next 12 months, to close with one click each, after review.
 * `allPicked` (the setup checklist's offer): every holiday not yet set starts ticked, so one click closes them all.
 */
export function HolidayPicker({
  shopId,
  onDone,
  onClosed,
  allPicked = false,
}: {
  shopId: string;
  onDone: () => void;
  /** After the picked days were closed (before onDone). */
  onClosed?: (count: number) => void;
  allPicked?: boolean;
}) {
  const suggestions = useHolidaySuggestions(shopId, true);
  const put = usePutSpecialDay(shopId);
  const [chosen, setPicked] = useState<Set<string> | null>(null);
  const holidays: HolidaySuggestion[] = suggestions.data?.holidays ?? [];
  const picked = chosen ?? new Set(allPicked ? holidays.filter((h) => !h.alreadySet).map((h) => h.date) : []);
  const toggle = (date: string) => {
    const next = new Set(picked);
    if (next.has(date)) next.delete(date);
    else next.add(date);
    setPicked(next);
  };
  const closePicked = async () => {
    let closed = 0;
    try {
      for (const holiday of holidays.filter((h) => picked.has(h.date))) {
        await put.mutateAsync({ date: holiday.date, body: { closed: true, reason: holiday.name } });
        closed++;
      }
      showToast({
        title: 'Holidays closed',
        description: `${closed} day${closed === 1 ? '' : 's'} closed`,
        variant: 'success',
      });
      onClosed?.(closed);
      onDone();
    } catch (error) {
      showToast(failureToast('Failed to close the holidays', error));
    }
  };
  if (suggestions.isPending) return <Spinner label="Loading holidays" />;
  if (suggestions.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        Could not load the holidays. Please try again.
      </p>
    );
  if (holidays.length === 0) {
    return (
      <p className="text-sm text-neutral-600">
        {suggestions.data?.country
          ? 'No public holidays in the next 12 months.'
          : 'Add the shop’s phone number with its country code to see its public holidays.'}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <fieldset disabled={put.isPending}>
        <legend className="mb-2 text-sm text-neutral-700">
          Tick the days to close. Nothing closes until you confirm.
        </legend>
        <ul className="flex flex-col gap-1.5 text-sm">
          {holidays.map((h) => (
            <li key={h.date}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={h.alreadySet || picked.has(h.date)}
                  disabled={h.alreadySet}
                  onChange={() => toggle(h.date)}
                />
                <span>
                  {formatSpecialDate(h.date)} · {h.name}
                  {h.alreadySet ? ' (already set)' : ''}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="light" onClick={onDone} disabled={put.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void closePicked()} disabled={put.isPending || picked.size === 0}>
          {put.isPending ? 'Closing...' : `Close ${picked.size} day${picked.size === 1 ? '' : 's'}`}
        </Button>
      </div>
    </div>
  );
}

type Open =
  | { kind: 'form'; draft: Draft; editing: boolean }
  | { kind: 'affected'; draft: Draft; appointments: Appointment[] }
  | { kind: 'holidays' }
  | null;

/** Issue 25: the shop's special days beside its week (closures and other hours), in the owner's Hours settings. */
export function SpecialDaysCard({ shop }: { shop: Shop }) {
  const list = useSpecialDays(shop.id);
  const barbers = useBarbers(shop.id).data ?? [];
  const remove = useDeleteSpecialDay(shop.id);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const nameOf = (barberId: string | null) =>
    barberId ? (barbers.find((b) => b.id === barberId)?.name ?? 'A barber') : 'Whole shop';
  const removeDay = async (day: SpecialDay) => {
    try {
      await remove.mutateAsync({ date: day.date, barberId: day.barberId });
      showToast({ title: 'Special day removed', description: formatSpecialDate(day.date), variant: 'success' });
    } catch (error) {
      showToast(failureToast('Failed to remove the special day', error));
    }
  };
  const days = list.data?.specialDays ?? [];
  return (
    <Card>
      <CardHeader
        title="Special days"
        description="Closures and other hours on particular dates."
        actions={
          <>
            <Button variant="light" size="sm" onClick={() => setOpen({ kind: 'holidays' })}>
              Public holidays
            </Button>
            <Button
              variant="light"
              size="sm"
              onClick={() => setOpen({ kind: 'form', draft: emptyDraft(), editing: false })}
            >
              <CalendarOff aria-hidden="true" className="size-4" /> Add special day
            </Button>
          </>
        }
      />
      {list.isPending ? (
        <Spinner label="Loading special days" />
      ) : list.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          Could not load the special days. Please try again.
        </p>
      ) : days.length === 0 ? (
        <p className="mt-4 text-sm text-neutral-600">No special days ahead. The week’s hours apply every day.</p>
      ) : (
        <ul aria-label="Special days" className="mt-4 divide-y divide-neutral-100 text-sm">
          {days.map((day) => (
            <li
              key={`${day.date}-${day.barberId ?? 'shop'}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {formatSpecialDate(day.date)}
                  {day.reason ? ` · ${day.reason}` : ''}
                </p>
                <p className="text-neutral-600">
                  {specialDayHours(day)} · {nameOf(day.barberId)}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="light"
                  size="sm"
                  aria-label={`Edit ${formatSpecialDate(day.date)} (${nameOf(day.barberId)})`}
                  onClick={() =>
                    setOpen({
                      kind: 'form',
                      editing: true,
                      draft: {
                        date: day.date,
                        barberId: day.barberId ?? '',
                        closed: day.closed,
                        open: day.open ?? '10:00',
                        close: day.close ?? '14:00',
                        reason: day.reason,
                      },
                    })
                  }
                >
                  Edit
                </Button>
                <Button
                  variant="light"
                  size="sm"
                  aria-label={`Remove ${formatSpecialDate(day.date)} (${nameOf(day.barberId)})`}
                  disabled={remove.isPending}
                  onClick={() => void removeDay(day)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={open?.kind === 'form'}
        onClose={close}
        title={open?.kind === 'form' && open.editing ? 'Edit special day' : 'Add special day'}
        description="Close the shop or one barber for a day, or give the day other hours."
      >
        {open?.kind === 'form' ? (
          <SpecialDayForm
            shopId={shop.id}
            initial={open.draft}
            editing={open.editing}
            onCancel={close}
            onSaved={(affected, draft) =>
              affected.length > 0 ? setOpen({ kind: 'affected', draft, appointments: affected }) : close()
            }
          />
        ) : null}
      </Dialog>
      <Dialog
        open={open?.kind === 'affected'}
        onClose={close}
        title="Appointments on this day"
        description={open?.kind === 'affected' ? formatSpecialDate(open.draft.date) : undefined}
      >
        {open?.kind === 'affected' ? (
          <AffectedAppointments
            shopId={shop.id}
            timeZone={list.data?.timeZone ?? shop.timeZone ?? 'UTC'}
            draft={open.draft}
            appointments={open.appointments}
            onDone={close}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={open?.kind === 'holidays'}
        onClose={close}
        title="Public holidays"
        description="The next 12 months."
      >
        {open?.kind === 'holidays' ? <HolidayPicker shopId={shop.id} onDone={close} /> : null}
      </Dialog>
    </Card>
  );
}
