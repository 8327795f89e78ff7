export { MyScheduleDialog } from './components/barber-schedule-dialog';
export { OwnerDashboard } from './components/owner-dashboard';
