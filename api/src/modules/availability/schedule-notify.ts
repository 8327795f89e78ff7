import { LIVE_APPOINTMENT_STATUSES } from '@barberly/common';
import type { Busy } from './availability-store';

/**
 * The `barberly_schedule` channel (issue 12, decision 0060): every committed write that changes a shop's free times
 * is announced on it, delivered by Postgres at commit, in commit order, to every api process that listens.
 *
 *   '{shopId}:shop'                                   the shop's hours, zone and rules, its services, its barbers,
 *                                                     who does what, its special days changed: everything cached for
 *                                                     the shop goes (row triggers on those tables)
 *   '{shopId}:day:{a|o|h}:{rowId}:{barberId},{startMs},{endMs},{status}'
 *   '{shopId}:day:{a|o|h}:{rowId}:'                   an appointment (a), time off (o) or waitlist hold (h) is now
 *                                                     this, or is gone: the cache sets or removes that row in the
 *                                                     days it holds, so a booking costs the readers no query
 *   'sync:{token}'                                    a cache's own marker (sync()): everything committed before it
 *                                                     has been heard
 *
 * Appointments are announced by the lifecycle's `schedule-notify` listener (decision 0191), in the change's
 * transaction; time off, holds and the shop-wide tables by their row triggers (migrations 1795350000000,
 * 1795390000000, 1795480000000). An appointment's end is its blocked_until (the buffer after it counts); a hold's
 * status is 'held:{expiresMs}'; time off's is 'off'.
 */
export const SCHEDULE_CHANNEL = 'barberly_schedule';

export interface ScheduleNotification {
  shopId: string;
  /** 'day' for one row; anything else drops everything cached for the shop. */
  scope: string;
  kind: string;
  rowId: string;
  rowState: string;
}

/** A payload taken apart; null when it names no shop. Sync markers come back with shopId 'sync'. */
export function parseScheduleNotification(payload: string | undefined): ScheduleNotification | null {
  const [shopId, scope = '', kind = '', rowId = '', rowState = ''] = (payload ?? '').split(':');
  if (!shopId) return null;
  return { shopId, scope, kind, rowId, rowState };
}

const LIVE = new Set<string>(LIVE_APPOINTMENT_STATUSES);

/**
 * A row's new state from a 'day' notification ('{barberId},{startMs},{endMs},{status}', empty when it is gone), as
 * the busy interval it now is, or null when it no longer blocks anyone (gone, cancelled, a hold no longer active).
 * An appointment's end is its blocked_until; a hold's status is 'held:{expiresMs}'. Undefined: unreadable.
 */
export function busyOf(kind: string, state: string): Busy | null | undefined {
  if (state === '') return null;
  const [barberId, startMs, endMs, status] = state.split(',');
  const start = Number(startMs);
  const end = Number(endMs);
  if (!barberId || !Number.isFinite(start) || !Number.isFinite(end) || !status) return undefined;
  if (kind === 'a') {
    if (!LIVE.has(status)) return null;
    return { barberId, start: new Date(start), end: new Date(end), kind: 'appointment' };
  }
  if (kind === 'h') {
    const expiresAt = status.startsWith('held:') ? Number(status.slice('held:'.length)) : Number.NaN;
    if (!Number.isFinite(expiresAt)) return undefined;
    return { barberId, start: new Date(start), end: new Date(end), kind: 'hold', expiresAt };
  }
  if (kind === 'o') return { barberId, start: new Date(start), end: new Date(end), kind: 'time_off' };
  return undefined;
}
