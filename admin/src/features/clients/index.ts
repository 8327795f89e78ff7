export { BarberClients } from './components/barber-clients';
export { ClientsTab } from './components/clients-tab';
