export { BookingRouteHead as default } from '../../../../../components/booking/booking-route';
