export { GenericDashboard } from './components/generic-dashboard';
