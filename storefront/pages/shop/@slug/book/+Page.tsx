export { BookRoutePage as default } from '../../../../components/booking/booking-route';
