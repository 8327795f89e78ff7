export { holdRouteTitle as default } from '../../../../../components/booking/booking-route';
