/**
 * The browser's calls to the booking api, on the page's own origin (the proxy sends /api of every host to the
 * api). Every failure becomes a BookingApiError carrying the api's own words, so the page can show them as sent.
 */
import type {
  ApiErrorBody,
  Appointment,
  AvailabilityDaysResponse,
  AvailabilityResponse,
  BookedAppointment,
  BookedVisit,
  BookingRequestInput,
  CancellationTerms,
  CancelScope,
  HeldSlot,
  ManagedAppointment,
  ManagedSeries,
  PaymentReturnState,
  PendingPaymentBooking,
  PublicWaitlistEntry,
  WaitlistJoined,
  WaitlistJoinInput,
} from '@barberly/common';

/** GET /api/appointments/manage/{token} since issue 14: the series the visit belongs to, if any. */
export type ManagedVisit = ManagedAppointment & { series?: ManagedSeries };

export class BookingApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'BookingApiError';
  }
}

export const NETWORK_MESSAGE = "We couldn't reach the shop. Please check your connection and try again.";

/** A page's failed read, as its error state shows it: the api's status and words, or the network message. */
export function readFailure(err: unknown): { state: 'error'; status: number; message: string } {
  return err instanceof BookingApiError
    ? { state: 'error', status: err.status, message: err.message }
    : { state: 'error', status: 0, message: NETWORK_MESSAGE };
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new BookingApiError(0, 'network', NETWORK_MESSAGE);
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = (body as ApiErrorBody | null)?.error;
    throw new BookingApiError(
      res.status,
      error?.code ?? 'unknown',
      error?.message ?? 'Something went wrong. Please try again.',
      error?.fields ?? {},
    );
  }
  return body as T;
}

const enc = encodeURIComponent;

/** The visit's services as ?serviceIds=a,b (issue 14), the commas left readable. */
export function fetchAvailability(
  slug: string,
  query: { serviceIds: readonly string[]; barberId: string; date: string },
  signal?: AbortSignal,
): Promise<AvailabilityResponse> {
  const ids = query.serviceIds.map(enc).join(',');
  return call(
    `/api/shops/${enc(slug)}/availability?serviceIds=${ids}&barberId=${enc(query.barberId)}&date=${enc(query.date)}`,
    { signal },
  );
}

/** The date picker's days (issue 25): free or why not, at most 62 days per call. */
export function fetchAvailabilityDays(
  slug: string,
  query: { serviceIds: readonly string[]; barberId: string; from: string; to: string },
  signal?: AbortSignal,
): Promise<AvailabilityDaysResponse> {
  const ids = query.serviceIds.map(enc).join(',');
  return call(
    `/api/shops/${enc(slug)}/availability/days?serviceIds=${ids}&barberId=${enc(query.barberId)}` +
      `&from=${enc(query.from)}&to=${enc(query.to)}`,
    { signal },
  );
}

/** POST with the attempt's Idempotency-Key: a retry or a second click of the same attempt books once. */
export function bookAppointment(
  slug: string,
  body: BookingRequestInput,
  idempotencyKey: string,
): Promise<BookedVisit | PendingPaymentBooking> {
  return call(`/api/shops/${enc(slug)}/appointments`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function fetchManaged(token: string, signal?: AbortSignal): Promise<ManagedVisit> {
  return call(`/api/appointments/manage/${enc(token)}`, { signal });
}

/** Cancel the visit; in a series, `scope` 'following' cancels it and every later one (the series then ends). */
export function cancelManaged(token: string, scope?: CancelScope): Promise<ManagedVisit> {
  return call(`/api/appointments/manage/${enc(token)}/cancel`, {
    method: 'POST',
    ...(scope ? { body: JSON.stringify({ scope }) } : {}),
  });
}

/** Book one of the alternatives offered for a series visit that was not free (date: the rule's local date). */
export function acceptCollision(token: string, date: string, start: string): Promise<Appointment> {
  return call(`/api/appointments/manage/${enc(token)}/series/collisions/${enc(date)}/accept`, {
    method: 'POST',
    body: JSON.stringify({ start }),
  });
}

export function joinWaitlist(slug: string, body: WaitlistJoinInput): Promise<WaitlistJoined> {
  return call(`/api/shops/${enc(slug)}/waitlist`, { method: 'POST', body: JSON.stringify(body) });
}

export function fetchWaitlistEntry(token: string, signal?: AbortSignal): Promise<PublicWaitlistEntry> {
  return call(`/api/waitlist/${enc(token)}`, { signal });
}

export function leaveWaitlist(token: string): Promise<void> {
  return call(`/api/waitlist/${enc(token)}/leave`, { method: 'POST' });
}

export function fetchHold(token: string, signal?: AbortSignal): Promise<HeldSlot> {
  return call(`/api/waitlist/holds/${enc(token)}`, { signal });
}

/** Book the held slot: 201 the appointment; 409 the offer was used, 410 it expired (the api's words). */
export function claimHold(token: string): Promise<BookedAppointment> {
  return call(`/api/waitlist/holds/${enc(token)}/claim`, { method: 'POST' });
}

export function rescheduleManaged(
  token: string,
  body: { start: string; barberId?: string },
): Promise<ManagedAppointment> {
  return call(`/api/appointments/manage/${enc(token)}/reschedule`, { method: 'POST', body: JSON.stringify(body) });
}

/** Same origin: the .ics of the appointment (the browser downloads it; calendars open it). */
export function calendarPath(token: string): string {
  return `/api/appointments/manage/${enc(token)}/calendar.ics`;
}

/** A fresh key per booking attempt ('bk-' + 32 hex digits). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `bk-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Issue 27: the booking waits on Stripe Checkout; its return page reads whether the payment came through. */
export function fetchPaymentReturn(token: string, signal?: AbortSignal): Promise<PaymentReturnState> {
  return call(`/api/payments/return/${enc(token)}`, { signal });
}

/** Issue 27: what cancelling now would cost or give back, said before the client confirms. */
export function fetchCancellationTerms(token: string, signal?: AbortSignal): Promise<CancellationTerms> {
  return call(`/api/appointments/manage/${enc(token)}/payment-terms`, { signal });
}
