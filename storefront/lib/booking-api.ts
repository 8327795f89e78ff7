/**
 * The browser's calls to the booking api, on the page's own origin (the proxy sends /api of every host to the
 * api). Every failure becomes a BookingApiError carrying the api's own words, so the page can show them as sent.
 */
import type {
  ApiErrorBody,
  AvailabilityResponse,
  BookedAppointment,
  BookingRequestInput,
  ManagedAppointment,
} from '@barberly/common';

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

export function fetchAvailability(
  slug: string,
  query: { serviceId: string; barberId: string; date: string },
  signal?: AbortSignal,
): Promise<AvailabilityResponse> {
  const params = new URLSearchParams(query);
  return call(`/api/shops/${enc(slug)}/availability?${params}`, { signal });
}

/** POST with the attempt's Idempotency-Key: a retry or a second click of the same attempt books once. */
export function bookAppointment(
  slug: string,
  body: BookingRequestInput,
  idempotencyKey: string,
): Promise<BookedAppointment> {
  return call(`/api/shops/${enc(slug)}/appointments`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function fetchManaged(token: string, signal?: AbortSignal): Promise<ManagedAppointment> {
  return call(`/api/appointments/manage/${enc(token)}`, { signal });
}

export function cancelManaged(token: string): Promise<ManagedAppointment> {
  return call(`/api/appointments/manage/${enc(token)}/cancel`, { method: 'POST' });
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
