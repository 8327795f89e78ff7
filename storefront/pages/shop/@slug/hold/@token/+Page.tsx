export { HoldRoutePage as default } from '../../../../../components/booking/booking-route';
