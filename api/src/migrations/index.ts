import { AuthSchema1795241000000 } from './1795241000000-auth-schema';
import { Core1795242000000 } from './1795242000000-core';
import { Booking1795250000000 } from './1795250000000-booking';
import { SecurityReview1795260000000 } from './1795260000000-security-review';
import { Billing1795310000000 } from './1795310000000-billing';
import { Assistant1795320000000 } from './1795320000000-assistant';
import { ScheduleNotify1795350000000 } from './1795350000000-schedule-notify';
import { CustomDomains1795360000000 } from './1795360000000-custom-domains';
import { TextMessages1795370000000 } from './1795370000000-text-messages';
import { ClientsAnalytics1795380000000 } from './1795380000000-clients-analytics';
import { VisitsSeriesWaitlist1795390000000 } from './1795390000000-visits-series-waitlist';
import { TextRouting1795400000000 } from './1795400000000-text-routing';
import { AssistantTexts1795410000000 } from './1795410000000-assistant-texts';
import { OperatorsHostsAssistantBudget1795430000000 } from './1795430000000-operators-hosts-assistant-budget';
import { AppointmentEvents1795470000000 } from './1795470000000-appointment-events';
import { SpecialDays1795480000000 } from './1795480000000-special-days';
import { StaffCalendar1795490000000 } from './1795490000000-staff-calendar';
import { BarberDay1795500000000 } from './1795500000000-barber-day';
import { Payments1795510000000 } from './1795510000000-payments';
import { ChairCheckout1795520000000 } from './1795520000000-chair-checkout';
import { WebPush1795530000000 } from './1795530000000-web-push';
import { AnalyticsRollups1795540000000 } from './1795540000000-analytics-rollups';
import { CalendarLive1795550000000 } from './1795550000000-calendar-live';
import { AnalyticsClientFacts1795550300000 } from './1795550300000-analytics-client-facts';
import { AssistantAuditEvents1795560005000 } from './1795560005000-assistant-audit-events';
import { AppointmentNotifyByEvents1795570000000 } from './1795570000000-appointment-notify-by-events';
/** Every migration class, in order. Add new ones at the end; never edit one that has shipped. */
// biome-ignore lint/complexity/noBannedTypes: TypeORM lists entity and migration classes as Function.
export const MIGRATIONS: Function[] = [
  AuthSchema1795241000000,
  Core1795242000000,
  Booking1795250000000,
  SecurityReview1795260000000,
  Billing1795310000000,
  Assistant1795320000000,
  ScheduleNotify1795350000000,
  CustomDomains1795360000000,
  TextMessages1795370000000,
  ClientsAnalytics1795380000000,
  VisitsSeriesWaitlist1795390000000,
  TextRouting1795400000000,
  AssistantTexts1795410000000,
  OperatorsHostsAssistantBudget1795430000000,
  AppointmentEvents1795470000000,
  SpecialDays1795480000000,
  StaffCalendar1795490000000,
  BarberDay1795500000000,
  Payments1795510000000,
  ChairCheckout1795520000000,
  WebPush1795530000000,
  AnalyticsRollups1795540000000,
  CalendarLive1795550000000,
  AnalyticsClientFacts1795550300000,
  AssistantAuditEvents1795560005000,
  AppointmentNotifyByEvents1795570000000,
];
