/**
 * The Appointments tab is the calendar now (issue 25): its modules live in `features/calendar/`. The agenda's
 * pieces (an appointment's card, the day as a list, walk-ins) moved there too; this file keeps their old names.
 */
export {
  AgendaDay,
  AppointmentItem,
  nextStatuses,
  seriesBadgeLabel,
  textStatusLabel,
  type WalkInBooking,
  type WalkInClientDetails,
  type WalkInDay,
  WalkInPanel,
} from '../../calendar/components/agenda-parts';
export { CalendarTab as AppointmentsTab } from '../../calendar/components/calendar-tab';
