export { PaymentRoutePage as default } from '../../../../../components/booking/payment-route';
