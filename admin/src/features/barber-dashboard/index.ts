export { BarberDashboard } from './components/barber-dashboard';
