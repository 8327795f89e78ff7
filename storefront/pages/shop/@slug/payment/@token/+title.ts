export { paymentRouteTitle as default } from '../../../../../components/booking/payment-route';
