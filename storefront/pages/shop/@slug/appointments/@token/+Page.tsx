export { ManageRoutePage as default } from '../../../../../components/booking/booking-route';
