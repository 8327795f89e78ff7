import { localDateOf } from '@barberly/common';
import type { AppointmentListener } from '../appointments/lifecycle';
import { enqueueWaitlistCheck } from './waitlist-queue';

/**
 * Freed time goes to whoever waits for that day (issue 14), after the change commits (issue 24): a cancellation
 * frees its day, a move frees the day it left. The check is keyed by shop and day, so the same event queued twice
 * queues one check.
 */
export const waitlistOfferListener: AppointmentListener = {
  name: 'waitlist-offer',
  types: ['cancelled', 'moved'],
  async enqueue(event, ctx) {
    const freed = event.before?.start ?? ctx.appointment.startsAt.toISOString();
    await enqueueWaitlistCheck(ctx.manager, ctx.queue, ctx.shop.id, localDateOf(new Date(freed), ctx.shop.timeZone));
  },
};
