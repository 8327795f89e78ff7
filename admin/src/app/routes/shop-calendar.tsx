/**
 * The shop's calendar (issue 25) with the payments feature's pieces in each appointment (issue 27): what was paid,
 * the no-show fee and refunds, and checkout at the chair. Composed in app/ (features never import each other); the
 * owner's Appointments tab and the barber's My Calendar both show it.
 */
import { CalendarTab, type CalendarTabProps } from '../../features/calendar';
import { AppointmentMoney, CheckOutAction } from '../../features/payments';

export function ShopCalendar(props: CalendarTabProps) {
  return <CalendarTab {...props} Money={AppointmentMoney} CheckOut={CheckOutAction} />;
}
