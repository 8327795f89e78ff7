export { BillingBanner } from './components/billing-banner';
export { OperatorShops } from './components/operator-shops';
