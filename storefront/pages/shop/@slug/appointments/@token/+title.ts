export { manageRouteTitle as default } from '../../../../../components/booking/booking-route';
