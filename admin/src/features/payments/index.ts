// Checkout at the chair and the money views (issue 27 items 5 and 6).
export { AppointmentMoney } from './components/appointment-money';
export { CheckOutAction, CheckoutDialog } from './components/checkout-dialog';
export { MyEarningsCard } from './components/earnings-card';
export { PaymentsSetupCard } from './components/payments-setup-card';
export { PaymentsTab } from './components/payments-tab';
