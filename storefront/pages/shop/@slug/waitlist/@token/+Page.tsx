export { WaitlistRoutePage as default } from '../../../../../components/booking/booking-route';
