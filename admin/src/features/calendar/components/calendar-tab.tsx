import {
  type Appointment,
  addDays,
  type Barber,
  type CancelScope,
  dayBounds,
  defaultHours,
  formatDayLabel,
  localDateOf,
  localInstant,
  type Service,
  type ShopAgenda,
  type TimeOff,
  WEEKDAYS,
  weekdayOf,
} from '@barberly/common';
import { useQueryClient } from '@tanstack/react-query';
import { Ban, ChevronLeft, ChevronRight, ListChecks, RefreshCw, Repeat } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toaster';
import {
  bookingKeys,
  type OwnerSettableStatus,
  useAgenda,
  useSetAppointmentStatus,
  useWalkIn,
} from '../../../lib/booking-api';
import { apiErrorToast, failureToast } from '../../../lib/dashboard-toasts';
import { useMyShops, useShopDisplay } from '../../../lib/shop-queries';
import { wallTimeOf } from '../../../lib/wall-time';
import { useAgendaDays, useBarberSchedules, useCalendarTimeOff, useMoveAppointment } from '../api/calendar-api';
import { useActiveSeries } from '../api/visits-api';
import {
  clockOf,
  columnSlots,
  gridSpan,
  hhmm,
  minutesOf,
  STEP_MINUTES,
  timeLabel,
  visitName,
} from '../lib/calendar-model';
import { errorText } from '../lib/errors';
import { appointmentStatusToasts, seriesCancelledToasts, walkInBookedToast } from '../lib/messages';
import { useLiveCalendar } from '../lib/use-live-calendar';
import { type WalkInBooking, type WalkInDay, WalkInPanel } from './agenda-parts';
import { AppointmentDetail, type AppointmentPaymentParts } from './appointment-detail';
import { NewAppointmentDialog, type NewAppointmentDraft } from './new-appointment-dialog';
import { SeriesDialog } from './series-dialog';
import { SeriesPanel } from './series-panel';
import { type GridColumn, TimeGrid } from './time-grid';
import { TimeOffDialog, type TimeOffDraft } from './time-off-dialog';
import { WaitlistPanel } from './waitlist-panel';

type View = 'day' | 'week';

/** The Monday of the week a date is in. */
function mondayOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

function shortDay(date: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', day: 'numeric' }).format(
    dayBounds(date, timeZone).start,
  );
}

function longDay(date: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
    dayBounds(date, timeZone).start,
  );
}

export interface CalendarTabProps {
  shopId: string;
  services: Service[];
  /** The columns: every barber of the shop for the owner, the barber alone on their own calendar. */
  barbers: Barber[];
}

/**
 * The Appointments tab as a calendar (issue 25, decision 0181): a day with a column per barber, or a barber's
 * week; booking from a free time, moving by drag or "Move", time off by dragging across free time; waitlist and
 * series in a side panel. The payments feature's pieces of an appointment (Money, CheckOut) are handed in by app/.
 */
export function CalendarTab({
  shopId,
  services,
  barbers,
  Money,
  CheckOut,
}: CalendarTabProps & AppointmentPaymentParts) {
  const shop = useMyShops().data?.find((s) => s.id === shopId);
  // The api says which day is the shop's today, in the shop's zone.
  const todays = useAgenda(shopId, null);
  const timeZone = todays.data?.timeZone ?? shop?.timeZone ?? 'UTC';
  const display = useShopDisplay(shopId);
  const clock = clockOf(display, timeZone);
  const now = new Date();
  const today = todays.data?.date ?? localDateOf(now, timeZone);
  const [date, setDate] = useState<string | null>(null);
  const current = date ?? today;
  const [view, setView] = useState<View>('day');
  const [chosenBarberId, setChosenBarberId] = useState<string | null>(null);
  const shownBarber = barbers.find((b) => b.id === chosenBarberId) ?? barbers[0];
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const [newDraft, setNewDraft] = useState<NewAppointmentDraft | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [timeOffDraft, setTimeOffDraft] = useState<TimeOffDraft | null>(null);
  const [seriesDialog, setSeriesDialog] = useState<{ from?: Appointment } | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  const dates = view === 'day' ? [current] : Array.from({ length: 7 }, (_, i) => addDays(mondayOf(current), i));
  const agendas = useAgendaDays(shopId, dates, todays.data !== undefined);
  const schedules = useBarberSchedules(shopId, barbers);
  const setStatus = useSetAppointmentStatus(shopId);
  const move = useMoveAppointment(shopId);
  const timeOffApi = useCalendarTimeOff(shopId);
  const walkIn = useWalkIn(shopId);
  const series = useActiveSeries(shopId);
  const seriesIntervals = new Map((series.data ?? []).map((s) => [s.id, s.intervalWeeks]));
  const queryClient = useQueryClient();
  // Issue 25 item 4: changes made elsewhere (online bookings, texts, other devices) refetch the open calendar.
  useLiveCalendar(shopId);

  // Until the shop's own week arrives, the default week (the grid still shows the appointments).
  const shopHours = shop?.hours_json ?? defaultHours();
  const scheduleOf = (barberId: string) => schedules[barbers.findIndex((b) => b.id === barberId)]?.data;
  const hoursOf = (barberId: string) => scheduleOf(barberId)?.hours_json ?? shopHours;
  const timeOffOf = (barberId: string, day: string): TimeOff[] => {
    const bounds = dayBounds(day, timeZone);
    return (scheduleOf(barberId)?.timeOff ?? []).filter(
      (t) => Date.parse(t.start) < bounds.end.getTime() && Date.parse(t.end) > bounds.start.getTime(),
    );
  };
  const agendaOf = (day: string): ShopAgenda | undefined => agendas[dates.indexOf(day)]?.data;
  const allAppointments = agendas.flatMap((q) => q.data?.appointments ?? []);
  const detail = allAppointments.find((a) => a.id === detailId) ?? null;

  const spanBarbers = view === 'day' ? barbers : shownBarber ? [shownBarber] : [];
  const span = gridSpan(
    current,
    timeZone,
    dates.flatMap(() => spanBarbers.map((b) => hoursOf(b.id)).filter((h) => h !== undefined)),
  );
  const weekSpan =
    view === 'week'
      ? dates
          .map((d) =>
            gridSpan(
              d,
              timeZone,
              spanBarbers.map((b) => hoursOf(b.id)).filter((h) => h !== undefined),
            ),
          )
          .reduce((a, b) => ({ from: Math.min(a.from, b.from), to: Math.max(a.to, b.to) }), span)
      : span;
  const gridRange = view === 'week' ? weekSpan : span;

  const columnFor = (barber: Barber, day: string, title: string, dayLabel?: string): GridColumn => {
    const appointments = (agendaOf(day)?.appointments ?? []).filter((a) => a.barber.id === barber.id);
    const timeOff = timeOffOf(barber.id, day);
    const hours = hoursOf(barber.id);
    return {
      key: view === 'day' ? barber.id : day,
      title,
      barberId: barber.id,
      barberName: barber.name,
      date: day,
      ...(dayLabel ? { dayLabel } : {}),
      appointments,
      timeOff,
      slots: hours ? columnSlots({ date: day, timeZone, hours, appointments, timeOff, now }, gridRange) : [],
    };
  };
  const columns: GridColumn[] =
    view === 'day'
      ? barbers.map((b) => columnFor(b, current, b.name))
      : shownBarber
        ? dates.map((d) => columnFor(shownBarber, d, shortDay(d, timeZone), longDay(d, timeZone)))
        : [];

  const changeStatus = async (
    appointment: Appointment,
    status: OwnerSettableStatus,
    scope?: CancelScope,
    reason?: string,
  ) => {
    setPendingId(appointment.id);
    try {
      await setStatus.mutateAsync({
        id: appointment.id,
        status,
        ...(scope ? { scope } : {}),
        ...(reason ? { reason } : {}),
      });
      showToast(scope ? seriesCancelledToasts[scope] : appointmentStatusToasts[status]);
    } catch (error) {
      showToast(failureToast('Failed to update appointment', error));
    } finally {
      setPendingId(null);
    }
  };

  const moveTo = async (appointmentId: string, column: GridColumn, time: string) => {
    const start = localInstant(column.date, time, timeZone);
    const appointment = allAppointments.find((a) => a.id === appointmentId);
    if (!start || !appointment) return;
    if (appointment.start === start.toISOString() && appointment.barber.id === column.barberId) return;
    try {
      const moved = await move.mutateAsync({
        id: appointmentId,
        start: start.toISOString(),
        ...(column.barberId !== appointment.barber.id ? { barberId: column.barberId } : {}),
      });
      showToast({
        title: 'Appointment moved',
        description: `${moved.client.name}: ${timeLabel(moved.start, clock)} with ${moved.barber.name}. The client is told.`,
        variant: 'success',
      });
    } catch (error) {
      showToast({ title: 'Not moved', description: errorText(error), variant: 'destructive' });
    }
  };

  const moveTimeOff = async (timeOffId: string, fromBarberId: string, column: GridColumn, time: string) => {
    const old = scheduleOf(fromBarberId)?.timeOff.find((t) => t.id === timeOffId);
    const start = localInstant(column.date, time, timeZone);
    if (!old || !start) return;
    const length = Date.parse(old.end) - Date.parse(old.start);
    try {
      await timeOffApi.add(column.barberId, {
        start: start.toISOString(),
        end: new Date(start.getTime() + length).toISOString(),
        reason: old.reason,
      });
      await timeOffApi.remove(fromBarberId, old.id);
      showToast({ title: 'Time off moved', variant: 'success' });
    } catch (error) {
      showToast({ title: 'Time off not moved', description: errorText(error), variant: 'destructive' });
    }
  };

  const bookWalkIn = async (input: WalkInBooking) => {
    try {
      const booked = await walkIn.mutateAsync(input);
      showToast(walkInBookedToast(booked));
      setDate(null);
      return true;
    } catch (error) {
      showToast(apiErrorToast(error, 'Failed to book walk-in. Please try again.'));
      return false;
    }
  };

  const refresh = () =>
    queryClient.invalidateQueries({
      predicate: (q) =>
        typeof q.queryKey[0] === 'string' &&
        (q.queryKey[0].startsWith(bookingKeys.agendaPrefix(shopId)) ||
          q.queryKey[0].startsWith(bookingKeys.statsPrefix(shopId)) ||
          q.queryKey[0].includes('/settings')),
    });

  const dayLabel = formatDayLabel(dayBounds(current, timeZone).start, timeZone);
  const walkInDay: WalkInDay = { date: current, label: dayLabel, isToday: current === today };
  const heading =
    view === 'day' ? dayLabel : `Week of ${longDay(dates[0]!, timeZone)}${shownBarber ? ` · ${shownBarber.name}` : ''}`;
  const loading = todays.isPending || agendas.some((q) => q.isPending);
  const failed = [todays, ...agendas].find((q) => q.isError);
  const cancelled = (view === 'day' ? (agendaOf(current)?.appointments ?? []) : []).filter(
    (a) => a.status === 'cancelled',
  );
  const step = view === 'day' ? 1 : 7;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 className="text-xl font-bold" aria-live="polite">
            {heading}
          </h2>
          <p className="text-sm text-neutral-600">Times in {timeZone.replace(/_/g, ' ')}</p>
        </div>
        <div role="toolbar" aria-label="Calendar" className="flex min-w-0 flex-wrap items-center gap-2">
          <div className="flex gap-1">
            <Button
              variant="light"
              size="sm"
              aria-label={view === 'day' ? 'Previous day' : 'Previous week'}
              onClick={() => setDate(addDays(current, -step))}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="light" size="sm" onClick={() => setDate(null)}>
              Today
            </Button>
            <Button
              variant="light"
              size="sm"
              aria-label={view === 'day' ? 'Next day' : 'Next week'}
              onClick={() => setDate(addDays(current, step))}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <fieldset className="flex rounded-lg border border-neutral-300 p-0.5">
            <legend className="sr-only">View</legend>
            {(['day', 'week'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cn(
                  'h-8 rounded-md px-3 text-sm font-semibold',
                  view === v ? 'bg-neutral-900 text-white' : 'text-neutral-700 hover:bg-neutral-100',
                )}
              >
                {v === 'day' ? 'Day' : 'Week'}
              </button>
            ))}
          </fieldset>
          {barbers.length > 0 ? (
            <label className={cn('flex items-center gap-2 text-sm', view === 'day' && 'sm:hidden')}>
              <span className="font-medium">Barber</span>
              <select
                className="h-9 max-w-[11rem] rounded-lg border border-neutral-300 bg-white px-2 text-sm"
                value={shownBarber?.id ?? ''}
                onChange={(event) => setChosenBarberId(event.target.value)}
              >
                {barbers.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <Button
            variant="light"
            size="sm"
            aria-label="Refresh appointments"
            disabled={agendas.some((q) => q.isFetching)}
            onClick={() => void refresh()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="light"
            size="sm"
            disabled={barbers.length === 0}
            onClick={() =>
              setTimeOffDraft({
                kind: 'new',
                barberId: shownBarber?.id ?? '',
                date: current,
                from: hhmm(gridRange.from),
                to: hhmm(gridRange.from + 4 * STEP_MINUTES),
              })
            }
          >
            <Ban aria-hidden="true" className="size-4" /> Block time
          </Button>
          <Button
            variant="light"
            size="sm"
            disabled={services.length === 0 || barbers.length === 0}
            onClick={() => setSeriesDialog({})}
          >
            <Repeat aria-hidden="true" className="size-4" /> New series…
          </Button>
          <Button
            variant="light"
            size="sm"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <ListChecks aria-hidden="true" className="size-4" /> Waitlist and series
          </Button>
        </div>
        <WalkInPanel
          services={services}
          barbers={barbers}
          pending={walkIn.isPending}
          onBook={bookWalkIn}
          day={walkInDay}
        />
        {services.length === 0 || barbers.length === 0 ? (
          <p className="text-sm text-neutral-600">Add a service and a barber to take bookings, walk-ins and series.</p>
        ) : null}
      </div>

      <div className={cn('grid min-w-0 gap-4', panelOpen && 'lg:grid-cols-[minmax(0,1fr)_22rem]')}>
        <div className="min-w-0">
          {barbers.length === 0 ? (
            <Card className="text-center">
              <p className="font-semibold">No barbers yet</p>
              <p className="mt-1 text-sm text-neutral-600">Add a barber to see the calendar.</p>
            </Card>
          ) : failed ? (
            <Card className="text-center">
              <p className="font-semibold">The appointments could not be loaded</p>
              <p className="mt-1 text-sm text-neutral-600">{failed.error?.message}</p>
              <Button className="mt-4" size="sm" onClick={() => void refresh()}>
                <RefreshCw aria-hidden="true" className="size-4" /> Try again
              </Button>
            </Card>
          ) : loading ? (
            <div className="grid place-items-center py-12 text-amber-600">
              <Spinner label="Loading appointments" />
            </div>
          ) : (
            <div aria-busy={agendas.some((q) => q.isFetching)} data-date={current} data-view={view}>
              {view === 'day' && (agendaOf(current)?.appointments.length ?? 0) === 0 ? (
                <p className="mb-2 text-sm text-neutral-600">
                  <span>No appointments on this day</span>. Choose a free time to book one.
                </p>
              ) : null}
              <TimeGrid
                label={view === 'day' ? `Calendar, ${dayLabel}` : `Calendar, ${heading}`}
                columns={columns}
                span={gridRange}
                clock={clock}
                now={now}
                {...(view === 'day' && shownBarber ? { phoneColumnKey: shownBarber.id } : {})}
                onBook={(column, slot) =>
                  setNewDraft({ barberId: column.barberId, date: column.date, time: slot.time })
                }
                onBlockTime={(column, from, to) =>
                  setTimeOffDraft({
                    kind: 'new',
                    barberId: column.barberId,
                    date: column.date,
                    from: from.time,
                    to: hhmm(minutesOf(to.time) + STEP_MINUTES),
                  })
                }
                onOpenAppointment={(a) => setDetailId(a.id)}
                onOpenTimeOff={(column, timeOff) =>
                  setTimeOffDraft({ kind: 'existing', barberId: column.barberId, date: column.date, timeOff })
                }
                onDropAppointment={(id, column, time) => void moveTo(id, column, time)}
                onDropTimeOff={(id, from, column, time) => void moveTimeOff(id, from, column, time)}
              />
              {cancelled.length > 0 ? (
                <section aria-label="Cancelled" className="mt-4">
                  <h3 className="text-sm font-semibold text-neutral-700">Cancelled</h3>
                  <ul className="mt-1 flex flex-wrap gap-2">
                    {cancelled.map((a) => (
                      <li key={a.id}>
                        <button
                          type="button"
                          className="rounded-lg border border-neutral-300 px-2 py-1 text-sm text-neutral-700 line-through"
                          onClick={() => setDetailId(a.id)}
                        >
                          {timeLabel(a.start, clock)} {a.client.name}, {visitName(a)}, Cancelled
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </div>
          )}
        </div>
        {panelOpen ? (
          <aside id={panelId} aria-label="Waitlist and series" className="flex min-w-0 flex-col gap-4">
            <WaitlistPanel
              shopId={shopId}
              shopKey={shop?.slug ?? shopId}
              off={shop?.waitlistEnabled === false}
              date={current}
              timeZone={timeZone}
              barbers={barbers}
              display={display}
            />
            <SeriesPanel shopId={shopId} timeZone={timeZone} display={display} />
          </aside>
        ) : (
          <div id={panelId} hidden />
        )}
      </div>

      <NewAppointmentDialog
        shopId={shopId}
        draft={newDraft}
        onClose={() => setNewDraft(null)}
        onBooked={(booked) => {
          setNewDraft(null);
          showToast({
            title: 'Appointment booked',
            description: `${booked.client.name}: ${visitName(booked)} with ${booked.barber.name}, ${booked.localDate} ${timeLabel(booked.start, clock)}`,
            variant: 'success',
          });
        }}
        barbers={barbers}
        services={services}
        span={gridRange}
        clock={clock}
        display={display}
      />
      <AppointmentDetail
        shopId={shopId}
        appointment={detail}
        services={services}
        onClose={() => setDetailId(null)}
        barbers={barbers}
        span={gridRange}
        clock={clock}
        display={display}
        pending={pendingId === detail?.id}
        Money={Money}
        CheckOut={CheckOut}
        seriesIntervalWeeks={detail?.seriesId ? seriesIntervals.get(detail.seriesId) : undefined}
        onSetStatus={(a, status, scope, reason) => void changeStatus(a, status, scope, reason)}
        onMakeSeries={(a) => {
          setDetailId(null);
          setSeriesDialog({ from: a });
        }}
        onBookAgain={(a) => {
          setDetailId(null);
          setNewDraft({
            barberId: a.barber.id,
            date: addDays(a.localDate, 7 * (seriesIntervals.get(a.seriesId ?? '') ?? 4)),
            time: wallTimeOf(a.start, timeZone),
            client: a.clientId ? { id: a.clientId, name: a.client.name } : null,
            serviceIds: (a.items ?? []).map((i) => i.serviceId).filter((id): id is string => Boolean(id)),
          });
        }}
        onMoved={(moved) => {
          showToast({
            title: 'Appointment moved',
            description: `${moved.client.name}: ${moved.localDate} ${timeLabel(moved.start, clock)} with ${moved.barber.name}. The client is told.`,
            variant: 'success',
          });
          setDate(moved.localDate);
        }}
      />
      <TimeOffDialog
        shopId={shopId}
        draft={timeOffDraft}
        onClose={() => setTimeOffDraft(null)}
        barbers={barbers}
        span={gridRange}
        clock={clock}
      />
      <SeriesDialog
        shopId={shopId}
        timeZone={timeZone}
        barbers={barbers}
        services={services}
        from={seriesDialog?.from}
        open={seriesDialog !== null}
        onClose={() => setSeriesDialog(null)}
        display={display}
      />
    </div>
  );
}
