import {
  type Appointment,
  dayBounds,
  displaySettingsOf,
  formatClockTime,
  formatDayLabel,
  formatDuration,
  formatPhone,
  shopPhoneCountry,
} from '@barberly/common';
import {
  CalendarDays,
  CalendarRange,
  Clock,
  Image,
  type LucideIcon,
  Mail,
  Phone,
  RefreshCw,
  Scissors,
  Settings,
  Users,
} from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { useBarberDashboard } from '../api/barber-api';
import { MyScheduleCard, type MyScheduleDialogProps } from './my-schedule-card';
import { MyServicesScreen } from './my-services-screen';
import { PortfolioScreen } from './portfolio-screen';
import { SettingsScreen } from './settings-screen';

type Screen = 'calendar' | 'services' | 'clients' | 'availability' | 'portfolio' | 'settings';

/** The six tools of spec 2 (the seed's labels), each a screen of its own at ?screen= (issue 26). */
const ACTIONS: Array<{ label: string; icon: LucideIcon; screen: Screen }> = [
  { label: 'My Calendar', icon: CalendarRange, screen: 'calendar' },
  { label: 'My Services', icon: Scissors, screen: 'services' },
  { label: 'Clients', icon: Users, screen: 'clients' },
  { label: 'Availability', icon: Clock, screen: 'availability' },
  { label: 'Portfolio', icon: Image, screen: 'portfolio' },
  { label: 'Settings', icon: Settings, screen: 'settings' },
];
const isScreen = (value: string | null): value is Screen => ACTIONS.some((a) => a.screen === value);

/** 'Monday, November 23, 2026' of the appointment's local day, in the shop's zone. */
function dayOf(appointment: Appointment): string {
  const zone = appointment.shop.timeZone;
  return formatDayLabel(dayBounds(appointment.localDate, zone).start, zone);
}

export function UpcomingList({
  appointments,
  CheckOut,
}: {
  appointments: Appointment[];
  /** "Check out" at the chair (issue 27), handed in by app/. */
  CheckOut?: ComponentType<{ shopId: string; appointment: Appointment }>;
}) {
  if (appointments.length === 0) {
    return (
      <p className="mt-6 rounded-xl border border-dashed border-neutral-300 py-10 text-center text-neutral-500">
        No upcoming appointments
      </p>
    );
  }
  return (
    <ul aria-label="Upcoming appointments" className="mt-4 divide-y divide-neutral-100">
      {appointments.map((a) => (
        <li key={a.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="font-semibold">
              {dayOf(a)} ·{' '}
              <span className="tabular-nums">
                {formatClockTime(a.start, { ...displaySettingsOf(a.shop), timeZone: a.shop.timeZone })}
              </span>
            </p>
            <p className="break-words text-neutral-800">
              {a.client.name} · {a.service.name}{' '}
              <span className="text-neutral-500">({formatDuration(a.service.durationMinutes)})</span>
            </p>
          </div>
          <div className="flex flex-col gap-0.5 text-sm text-neutral-600 sm:items-end">
            {a.client.phone ? (
              <a href={`tel:${a.client.phone}`} className="inline-flex min-h-6 items-center gap-1.5">
                <Phone aria-hidden="true" className="size-3.5" />{' '}
                {formatPhone(a.client.phone, shopPhoneCountry(a.shop))}
              </a>
            ) : null}
            {a.client.email ? (
              <a href={`mailto:${a.client.email}`} className="inline-flex min-h-6 items-center gap-1.5 break-all">
                <Mail aria-hidden="true" className="size-3.5 shrink-0" /> {a.client.email}
              </a>
            ) : null}
            {CheckOut ? <CheckOut shopId={a.shop.id} appointment={a} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec 2 'Barber dashboard', with issue #7's real numbers (GET /api/barber/dashboard): today's appointments, total
 * clients, the shop's services, and the next appointments; and My Schedule, the barber's own hours and time off
 * (decision 0024), edited in the dialog app/ hands in. Issue 26: the six tools open the barber's screens (My
 * Calendar until the calendar lands: their upcoming appointments; app/ may hand in the calendar as `Calendar`).
 */
export function BarberDashboard({
  ScheduleDialog,
  Assistant,
  Numbers,
  Clients,
  Calendar,
  Earnings,
  CheckOut,
}: {
  ScheduleDialog: ComponentType<MyScheduleDialogProps>;
  /** The assistant's button, handed in by app/ (features do not import each other). */
  Assistant?: ComponentType<{ shopId: string }>;
  /** The barber's own numbers and the clients they served (issue 13), handed in by app/. */
  Numbers?: ComponentType<{ locale?: string }>;
  Clients?: ComponentType<{ shopId: string; shop?: { timeZone?: string; locale?: string; clock?: '12h' | '24h' } }>;
  /** The barber's own calendar (issue 25's grid), handed in by app/ once it exists. */
  Calendar?: ComponentType<{ shopId: string }>;
  /** The barber's own tips and earnings, and "Check out" on their visits (issue 27), handed in by app/. */
  Earnings?: ComponentType<{ shopId: string }>;
  CheckOut?: ComponentType<{ shopId: string; appointment: Appointment }>;
}) {
  const dashboard = useBarberDashboard(true);
  const data = dashboard.data;
  const [params] = useSearchParams();
  const requested = params.get('screen');
  const screen = isScreen(requested) ? requested : null;
  const upcoming = (
    <Card>
      <CardHeader
        title="Upcoming Appointments"
        actions={
          <Button
            variant="light"
            size="sm"
            aria-label="Refresh appointments"
            disabled={dashboard.isFetching}
            onClick={() => void dashboard.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
          </Button>
        }
      />
      {dashboard.isPending ? (
        <div className="grid place-items-center py-10 text-amber-500">
          <Spinner label="Loading appointments" />
        </div>
      ) : dashboard.isError ? (
        <p className="mt-6 text-center text-sm text-neutral-600">
          Your appointments could not be loaded: {dashboard.error.message}
        </p>
      ) : (
        <UpcomingList appointments={data?.upcomingAppointments ?? []} CheckOut={CheckOut} />
      )}
    </Card>
  );
  const clients =
    data?.shop && data.barber && Clients ? (
      <Card>
        <Clients shopId={data.shop.id} shop={data.shop} />
      </Card>
    ) : null;
  const screens: Record<Screen, ReactNode> = {
    calendar: data?.shop && Calendar ? <Calendar shopId={data.shop.id} /> : upcoming,
    services: <MyServicesScreen />,
    clients: clients ?? <p className="text-neutral-600">You are not in a shop yet.</p>,
    availability: <MyScheduleCard ScheduleDialog={ScheduleDialog} />,
    portfolio: <PortfolioScreen />,
    settings: <SettingsScreen />,
  };
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Barber Dashboard</h1>
          <p className="mt-1 text-neutral-600">Manage your schedule and appointments</p>
          {data?.shop ? (
            <p className="mt-2 text-sm font-semibold text-amber-700" data-testid="barber-shop-name">
              {data.barber ? `${data.barber.name} · ` : ''}
              {data.shop.name}
            </p>
          ) : null}
        </div>
        {data?.shop && data.barber && Assistant ? <Assistant shopId={data.shop.id} /> : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Today's Appointments" value={data?.todayAppointments ?? 0} icon={CalendarDays} />
        <StatCard label="Total Clients" value={data?.totalClients ?? 0} icon={Users} />
        <StatCard label="My Services" value={data?.myServices ?? 0} icon={Scissors} />
      </div>
      <nav aria-label="Barber tools">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {ACTIONS.map(({ label, icon: Icon, screen: target }) => (
            <li key={label}>
              <Link
                to={target === screen ? { search: '' } : { search: `?screen=${target}` }}
                aria-current={target === screen ? 'page' : undefined}
                className="flex h-full min-h-20 w-full flex-col items-center justify-center gap-2 rounded-2xl border border-neutral-200 bg-white p-4 text-sm font-semibold shadow-sm hover:border-amber-400 focus-visible:outline-2 focus-visible:outline-amber-500 aria-[current=page]:border-amber-500 aria-[current=page]:bg-amber-50"
              >
                <Icon aria-hidden="true" className="size-6 text-amber-600" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {screen ? (
        <section aria-label={ACTIONS.find((a) => a.screen === screen)?.label} className="flex flex-col gap-4">
          <Link to={{ search: '' }} className="self-start text-sm font-semibold text-amber-800 underline">
            Back to today
          </Link>
          {screens[screen]}
        </section>
      ) : (
        <>
          {data?.shop && data.barber && Numbers ? <Numbers locale={data.shop.locale} /> : null}
          {data?.shop && data.barber && Earnings ? <Earnings shopId={data.shop.id} /> : null}
          <MyScheduleCard ScheduleDialog={ScheduleDialog} />
          {upcoming}
          {clients}
        </>
      )}
    </div>
  );
}
