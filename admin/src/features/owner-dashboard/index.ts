export { OwnerDashboard } from './components/owner-dashboard';
