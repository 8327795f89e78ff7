export { CalendarTab } from './components/calendar-tab';
export { TodayAgenda } from './components/today-agenda';
