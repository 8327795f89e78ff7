import type { Express, RequestHandler } from 'express';
import type { AppDeps } from './app-deps';
import { registerListeners } from './listeners';
import { analyticsRouter } from './modules/analytics/analytics.router';
import { appointmentsRouter } from './modules/appointments/appointments.router';
import { barberDay } from './modules/appointments/owner.service';
import { assistantRouter } from './modules/assistant/assistant.router';
import { clientTextRouter } from './modules/assistant/client-text.router';
import { mcpRouter } from './modules/assistant/mcp.router';
import { availabilityHotPath, availabilityRouter } from './modules/availability/availability.router';
import type { AvailabilityCache } from './modules/availability/availability-cache';
import { barberSettingsRouter } from './modules/barbers/barber-settings.router';
import { barbersRouter } from './modules/barbers/barbers.router';
import { myBarberRouter } from './modules/barbers/my-barber.router';
import { myScheduleRouter } from './modules/barbers/my-schedule.router';
import { billingRouter, stripeWebhookRouter } from './modules/billing/billing.router';
import { createBillingGate } from './modules/billing/billing.service';
import { calendarFeedRouter } from './modules/calendar-feed/calendar-feed.router';
import { calendarLiveRouter } from './modules/calendar-live/calendar-live.router';
import { clientsRouter } from './modules/clients/clients.router';
import { configRouter } from './modules/config/config.router';
import { createDnsChecker } from './modules/domains/dns-check';
import { domainsRouter } from './modules/domains/domains.router';
import { joinCodesRouter } from './modules/join-codes/join-codes.router';
import { leadsRouter } from './modules/leads/leads.router';
import { type BookingMailQueue, createBookingMailQueue } from './modules/mail/mail-queue';
import { createMailer } from './modules/mail/mailer';
import { messagingRouter } from './modules/messaging/messaging.router';
import { textSenderRouter } from './modules/messaging/text-sender.router';
import { createTextProvider, type TextProvider } from './modules/messaging/twilio';
import { moneyRouter } from './modules/payments/money.router';
import { paymentsRouter, paymentsWebhookRouter } from './modules/payments/payments.router';
import { portfolioRouter } from './modules/portfolio/portfolio.router';
import { pushRouter } from './modules/push/push.router';
import { configureStaffNotifications } from './modules/push/push-setup';
import { seriesRouter } from './modules/series/series.router';
import { servicesRouter } from './modules/services/services.router';
import type { ScheduleFreedHook } from './modules/shops/schedule-freed';
import { shopsRouter } from './modules/shops/shops.router';
import { specialDaysRouter } from './modules/special-days/special-days.router';
import { usersRouter } from './modules/users/users.router';
import { createUserEnsurer } from './modules/users/users.service';
import { waitlistRouter } from './modules/waitlist/waitlist.router';
import { queueFreedTimeChecks } from './modules/waitlist/waitlist-queue';
import { createShopEvents } from './platform/events/shop-events';
import { createFileStorage } from './platform/storage/file-storage';

/** Booking's runtime parts (issue #7); main.ts shares the mail queue with its worker, tests pass a clock. */
export interface BookingRuntime {
  /** The clock of every booking rule (availability, notice, cutoff, today). */
  now: () => Date;
  mailQueue: BookingMailQueue;
  /** Availability's cache (decision 0060); without it every question reads the database. */
  availabilityCache: AvailabilityCache;
  /** Text reminders' provider (issue 15); default: Twilio from the config, or the log. */
  textProvider: TextProvider;
}

export type ApiDeps = AppDeps & { booking?: Partial<BookingRuntime> };

/** Answers served before the body parser, auth and the routers: availability's kept answers (decision 0060). */
export function registerHotPaths(app: Express, deps: ApiDeps): void {
  const availabilityCache = deps.booking?.availabilityCache;
  if (!availabilityCache) return;
  const now = deps.booking?.now ?? (() => new Date());
  app.use(availabilityHotPath({ now, config: deps.config, availabilityCache }));
}

/** The REST api of spec section 7, one router per feature module. */
export function registerApiRoutes(app: Express, deps: ApiDeps): void {
  // What follows an appointment's change (issue 24): the lifecycle's listeners.
  registerListeners();
  const events = deps.events ?? createShopEvents(deps);
  const { dataSource, config } = deps;
  const now = deps.booking?.now ?? (() => new Date());
  // Without a queue from main (or a test), a producer-only queue starts on the first booking.
  const mailQueue =
    deps.booking?.mailQueue ?? createBookingMailQueue({ connectionString: config.DATABASE_URL, logger: deps.logger });
  const billingDeps = { dataSource, config, now, logger: deps.logger, events };
  const billing = createBillingGate(billingDeps);
  const availabilityCache = deps.booking?.availabilityCache;
  // Text reminders (issue 15): Twilio when configured, else the log.
  const textProvider = deps.booking?.textProvider ?? createTextProvider(config, deps.logger);
  const bookingDeps = {
    dataSource,
    config,
    mailQueue,
    now,
    logger: deps.logger,
    billing,
    availabilityCache,
    textProvider,
  };

  // Shops and people sit below the features that follow their changes (docs/architecture.md): they call these
  // hooks, composed here. Changed hours and removed time off may free time the waitlist wants (issue 14).
  const scheduleFreed: ScheduleFreedHook = (manager, shopId, range) =>
    queueFreedTimeChecks({ mailQueue, now }, manager, shopId, range);

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, logger: deps.logger });
  // Pushes and their e-mail fallback to barbers and owners (issue 26 item 4).
  configureStaffNotifications({ dataSource, mailer, publicOrigin: config.PUBLIC_ORIGIN });

  // The first authenticated call of a token creates the user's profile row (shops reference it).
  const ensureUser = createUserEnsurer(dataSource);
  const ensureProfile: RequestHandler = async (req, _res, next) => {
    if (req.auth) await ensureUser(req.auth);
    next();
  };

  // The assistant's tools for MCP clients, at /mcp beside its OAuth protected-resource metadata (not under /api).
  app.use(stripeWebhookRouter(billingDeps));
  // Shops' takings (issue 27): Stripe Connect's events, on their own raw-body route and secret.
  app.use(paymentsWebhookRouter(bookingDeps));
  app.use(mcpRouter({ ...bookingDeps, config, redis: deps.redis, verifier: deps.verifier }));

  app.use(
    '/api',
    ensureProfile,
    configRouter({ config }),
    // The barber's dashboard reads their day from the appointments (a layer above users).
    usersRouter({ dataSource, barberDay: (shop, barberIds) => barberDay({ dataSource, now }, shop, barberIds) }),
    leadsRouter({ dataSource, redis: deps.redis, keyPrefix: config.REDIS_KEY_PREFIX }),
    domainsRouter({
      dataSource,
      events,
      billing,
      config,
      dns: createDnsChecker({ resolver: config.DNS_RESOLVER }),
      now,
      queue: mailQueue,
      logger: deps.logger,
      redis: deps.redis,
      keyPrefix: config.REDIS_KEY_PREFIX,
      databaseUrl: config.DATABASE_URL,
    }),
    shopsRouter({ dataSource, events, config, billing, textProvider, scheduleFreed, now }),
    messagingRouter({
      dataSource,
      provider: textProvider,
      queue: mailQueue,
      config,
      now,
      logger: deps.logger,
      booking: bookingDeps,
      events,
      assistant: { ...bookingDeps, config, redis: deps.redis },
    }),
    textSenderRouter({ dataSource, config, events, logger: deps.logger }),
    servicesRouter({ dataSource, events }),
    barbersRouter({ dataSource, events, billing }),
    billingRouter({ ...billingDeps, mailer }),
    barberSettingsRouter({ dataSource, scheduleFreed }),
    myScheduleRouter({ dataSource, scheduleFreed }),
    analyticsRouter({
      dataSource,
      readDataSource: deps.readDataSource,
      now,
      cacheReports: availabilityCache &&
        config.AVAILABILITY_CACHE && { connectionString: config.DATABASE_URL, logger: deps.logger },
    }),
    availabilityRouter({ dataSource, now, config, availabilityCache }),
    specialDaysRouter({ ...bookingDeps, events, payments: bookingDeps }),
    appointmentsRouter({
      ...bookingDeps,
      redis: deps.redis,
      keyPrefix: config.REDIS_KEY_PREFIX,
      rateLimitMultiplier: config.AUTH_RATE_LIMIT_MULTIPLIER,
      payments: bookingDeps,
    }),
    paymentsRouter(bookingDeps),
    assistantRouter({ ...bookingDeps, config, redis: deps.redis }),
    clientTextRouter({ ...bookingDeps, config, redis: deps.redis }),
    waitlistRouter({
      ...bookingDeps,
      redis: deps.redis,
      keyPrefix: config.REDIS_KEY_PREFIX,
      rateLimitMultiplier: config.AUTH_RATE_LIMIT_MULTIPLIER,
    }),
    seriesRouter({
      ...bookingDeps,
      redis: deps.redis,
      keyPrefix: config.REDIS_KEY_PREFIX,
      rateLimitMultiplier: config.AUTH_RATE_LIMIT_MULTIPLIER,
    }),
    clientsRouter({ dataSource, config, mailer, textProvider, mailQueue, now, logger: deps.logger }),
    joinCodesRouter({
      dataSource,
      events,
      billing,
      mailer,
      publicOrigin: config.PUBLIC_ORIGIN,
      redis: deps.redis,
      keyPrefix: config.REDIS_KEY_PREFIX,
      rateLimitMultiplier: config.AUTH_RATE_LIMIT_MULTIPLIER,
    }),
    // Issue 26: the barber's own side, their portfolio (files in STORAGE_URL or UPLOADS_DIR) and calendar feeds.
    myBarberRouter({ dataSource, events, billing }),
    portfolioRouter({
      dataSource,
      events,
      storage: createFileStorage({ storageUrl: config.STORAGE_URL, uploadsDir: config.UPLOADS_DIR }),
      publicOrigin: config.PUBLIC_ORIGIN,
    }),
    calendarFeedRouter({ dataSource, publicOrigin: config.PUBLIC_ORIGIN, now }),
    // Issue 26 item 4: web push (decision 0187).
    pushRouter({ dataSource }),
    // Issue 27 items 5 and 6: checkout at the chair and the money views.
    moneyRouter({ dataSource, config, now, logger: deps.logger, mailQueue, textProvider }),
    // Issue 25 item 4: the calendar's live stream (decision 0189).
    calendarLiveRouter({ dataSource, config, logger: deps.logger }),
  );
}
