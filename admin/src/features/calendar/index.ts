export { CalendarTab, type CalendarTabProps } from './components/calendar-tab';
export { TodayAgenda } from './components/today-agenda';
