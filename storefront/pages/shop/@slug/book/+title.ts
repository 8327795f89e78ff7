export { bookRouteTitle as default } from '../../../../components/booking/booking-route';
