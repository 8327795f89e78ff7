export type { AnalyticsTabProps } from './components/analytics-tab';
export { BarberNumbersCard, type BarberNumbersCardProps } from './components/barber-numbers-card';
export { LazyAnalyticsTab } from './components/lazy-analytics-tab';
