import type { Hours } from '../hours';
import type { Barber, User } from '../types';
import type { AvailabilitySlot } from './compute-slots';
import type { AppointmentSource, AppointmentStatus } from './constants';

/** Response shapes of the booking api (issue #7). */

/** GET /api/shops/{slug}/availability */
export interface AvailabilityResponse {
  date: string;
  timeZone: string;
  slots: AvailabilitySlot[];
}

export interface AppointmentShopSummary {
  id: string;
  slug: string;
  name: string;
  address: string;
  phoneNumber: string;
  timeZone: string;
  /** The shop's money and clock (issue 13). */
  currency?: string;
  locale?: string;
  clock?: '12h' | '24h';
}

export interface Appointment {
  id: string;
  status: AppointmentStatus;
  /** ISO instants. */
  start: string;
  end: string;
  /** The shop's local day 'YYYY-MM-DD' and time '9:15 AM' of the start, for display. */
  localDate: string;
  localTime: string;
  /** The service as booked (name, duration and price are kept even if the service changes later). */
  service: { id: string | null; name: string; durationMinutes: number; price: number };
  /** The currency the price was booked in (issue 13). */
  currency?: string;
  /** The visit's services as booked, in order (issue 14); `service` holds their joined name and sums. */
  items?: Array<{ serviceId: string | null; name: string; durationMinutes: number; price: number }>;
  /** The series this visit belongs to (issue 14). */
  seriesId?: string | null;
  barber: { id: string; name: string; profileImageUrl: string };
  shop: AppointmentShopSummary;
  client: { name: string; email: string; phone: string };
  /** The client's record (issue 25's client card); null: none (a walk-in without details). */
  clientId?: string | null;
  /** The cleanup time after the visit (issue 25 shades it in the calendar). */
  bufferMinutes?: number;
  note: string;
  source: AppointmentSource;
  /** How the client gets reminders (issue 15): 'email' unless they chose a text channel and agreed to it. */
  reminderChannel?: 'email' | 'sms' | 'whatsapp';
  /** When the client confirmed by text ('C' or 'YES'); null until then. */
  clientConfirmedAt?: string | null;
  /** The latest text about this appointment and its delivery status (null: none sent). */
  lastText?: { kind: string; channel: 'sms' | 'whatsapp'; status: string; at: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** 201 of POST /api/shops/{slug}/appointments: the manage token is shown once, here (and in the e-mail). */
export interface BookedAppointment extends Appointment {
  manageToken: string;
  manageUrl: string;
}

/** GET /api/shops/{id}/appointments?date= (owner) */
export interface ShopAgenda {
  date: string;
  timeZone: string;
  /** Every appointment of the day, by start then barber name. */
  appointments: Appointment[];
  /** The same appointments per barber, barbers in the shop's order (barbers with none included). */
  barbers: Array<{ barber: Pick<Barber, 'id' | 'name' | 'profileImageUrl'>; appointments: Appointment[] }>;
}

/** GET /api/shops/{id}/stats?date= (owner) */
export interface ShopStats {
  date: string;
  timeZone: string;
  /** Live (confirmed, completed, no-show) appointments of the day: the Overview's "Today's Appointments". */
  todayAppointments: number;
  confirmed: number;
  completed: number;
  noShow: number;
  cancelled: number;
  /** Still to come today (confirmed, not started). */
  remainingToday: number;
  /** Price of the day's live appointments. */
  bookedRevenue: number;
  /** Distinct client e-mails (walk-ins not counted) of all live appointments ever. */
  totalClients: number;
  /** Confirmed appointments from now on. */
  upcomingAppointments: number;
}

/** GET /api/barber/dashboard */
export interface BarberDashboard {
  /** With the shop's zone, money and clock (issue 13) so the barber's pages write them the shop's way. */
  shop: {
    id: string;
    slug: string;
    name: string;
    timeZone?: string;
    currency?: string;
    locale?: string;
    clock?: '12h' | '24h';
  } | null;
  barber: { id: string; name: string } | null;
  todayAppointments: number;
  totalClients: number;
  myServices: number;
  /** The barber's next confirmed appointments, soonest first (at most 20). */
  upcomingAppointments: Appointment[];
}

/** GET /api/shops/{id}/join-code, POST .../join-code/regenerate */
export interface JoinCodeResponse {
  code: string;
}

/** POST /api/barbers/join */
export interface JoinShopResponse {
  user: User;
  barber: Barber;
  shop: { id: string; slug: string; name: string };
}

export interface TimeOff {
  id: string;
  start: string;
  end: string;
  reason: string;
}

/** GET|PATCH /api/shops/{id}/barbers/{barberId}/settings (owner) */
export interface BarberSettings {
  barberId: string;
  /** The barber's own hours; null: the shop's. */
  hours_json: Hours | null;
  /** An invite e-mail: the user who joins with it is linked to this barber. */
  email: string | null;
  /** The linked user account, once the barber joined. */
  userId: string | null;
  timeOff: TimeOff[];
}

/** GET|PATCH /api/barber/settings: the signed-in barber's own settings, with their shop's zone and hours. */
export interface MyBarberSettings extends BarberSettings {
  /** Times are shown in timeZone; hours_json is the shop's week, which the barber works when their own is null. */
  shop: { id: string; name: string; timeZone: string; hours_json: Hours; locale?: string; clock?: '12h' | '24h' };
}
