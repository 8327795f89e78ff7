import { BOOKING_MESSAGES, type StartRefusal } from '@barberly/common';
import { QueryFailedError } from 'typeorm';
import { badRequest, HttpError } from '../../platform/http/errors';
import type { ShopEntity } from '../shops/shop.entity';

export const slotTaken = () => new HttpError(409, 'slot_taken', BOOKING_MESSAGES.slotTaken);

/** A refused start as a 400 on fields.start, with the message the client can act on. */
export function refusedStart(reason: StartRefusal, shop: ShopEntity): HttpError {
  const message = {
    past: BOOKING_MESSAGES.past,
    notice: BOOKING_MESSAGES.notice(shop.minNoticeMinutes),
    horizon: BOOKING_MESSAGES.horizon(shop.bookingHorizonDays),
    closed: BOOKING_MESSAGES.closed,
    outside_hours: BOOKING_MESSAGES.outsideHours,
    off_grid: BOOKING_MESSAGES.offGrid,
    time_off: BOOKING_MESSAGES.timeOff,
  }[reason];
  return badRequest(message, { start: message });
}

/** The exclusion constraint refused an overlapping live appointment of the same barber. */
export function isOverlapViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23P01';
}
