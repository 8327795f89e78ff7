/**
 * The appointment lifecycle (issue 24, decision 0179): the only code that writes appointment rows. Each transition
 * writes the row and its appointment_events row in one transaction; listeners (listeners.ts) follow from the
 * events. See docs/architecture.md.
 */
export { type Actor, type AppointmentEvent, CLIENT, SYSTEM, snapshotOf } from './appointment-event';
export { type BookInput, bookVisit, replaceVisitItems } from './book';
export { type CancelHow, cancelAppointment } from './cancel';
export { eraseClientDetails, reassignClient } from './client-details';
export {
  APPOINTMENT_EVENT_QUEUE,
  type AppointmentEventJob,
  ensureEventQueue,
  eventsOf,
  type LifecycleDeps,
  loadEvent,
  recordNote,
} from './event-log';
export { deliverEvent, startAppointmentEventWorker } from './event-worker';
export {
  type AppointmentListener,
  appointmentListeners,
  type HandlerDeps,
  type ListenerContext,
  registerAppointmentListeners,
} from './listeners';
export { type MoveOptions, moveAppointment } from './move';
export { changeServices } from './services';
export { completeAtCheckout, confirmByClient, joinSeries, markAppointment } from './status';
