import type { AppointmentListener } from '../appointments/lifecycle';
import { PUSHED_EVENT_TYPES } from './appointment-notice';
import { pushAppointmentEvent } from './push-setup';

/**
 * Web push to the chair's barber and the shop's owner (issue 26 item 4, decision 0187): after the commit, once per
 * event (the worker's delivery record), a new booking, a waitlist claim, a cancellation or a move is pushed to those
 * who turned it on, with e-mail for those who chose it when no push reached them.
 */
export const staffPushListener: AppointmentListener = {
  name: 'staff-push',
  types: PUSHED_EVENT_TYPES,
  async handle(event, deps) {
    await pushAppointmentEvent(deps.manager, event);
  },
};
