export { waitlistRouteTitle as default } from '../../../../../components/booking/booking-route';
