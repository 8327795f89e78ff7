export { ClientDashboard } from './components/client-dashboard';
