import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Barber, Hours, Service, ShopPatchInput } from '@barberly/common';
import type { Express } from 'express';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createApp } from '../../app';
import { type Config, testConfig } from '../../config';
import { createLogger } from '../../platform/logger';
import type { ApiDeps } from '../../routes';
import type { TestDatabase } from '../../test/test-db';
import { type Auth, createAuth } from '../auth';
import type { AvailabilityCache } from '../availability/availability-cache';
import { type BookingMailQueue, createBookingMailQueue } from '../mail/mail-queue';
import { bearer, createShopAs } from '../shops/shops.test-helper';

/** A clock that runs in real time from a chosen instant, so pg-boss's real delays and the booking rules agree. */
export interface TestClock {
  now(): Date;
  set(instant: Date | string): void;
}

export function createTestClock(start: Date | string = new Date()): TestClock {
  let offset = new Date(start).getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    set(instant) {
      offset = new Date(instant).getTime() - Date.now();
    },
  };
}

export type BookingTestApp = Express & {
  config: Config;
  auth: Auth;
  clock: TestClock;
  mailQueue: BookingMailQueue;
  close(): Promise<void>;
};

/** The real app (built-in auth, real database) with a controllable booking clock and its own mail queue. */
export async function createBookingTestApp(
  db: TestDatabase,
  options: {
    configOverrides?: Partial<Record<keyof Config, string>>;
    clock?: TestClock;
    availabilityCache?: AvailabilityCache;
    /** A read replica for analytics (DATABASE_READ_URL's DataSource). */
    readDataSource?: DataSource;
  } = {},
): Promise<BookingTestApp> {
  const config = testConfig({ DATABASE_URL: db.url, AUTH_RATE_LIMIT_MULTIPLIER: '0', ...options.configOverrides });
  const logger = createLogger(config.LOG_LEVEL);
  const generous = { points: 100_000, durationSeconds: 60 };
  const auth = await createAuth(
    { config, dataSource: db.dataSource, redis: null, logger },
    {
      rateLimits: {
        signInPerIp: generous,
        signInPerIpAccount: generous,
        signInPerAccount: generous,
        signUpPerIp: generous,
        signUpPerAccount: generous,
        refreshPerIp: generous,
      },
    },
  );
  const clock = options.clock ?? createTestClock();
  const mailQueue = createBookingMailQueue({ connectionString: db.url, logger });
  const deps: ApiDeps = {
    config,
    dataSource: db.dataSource,
    ...(options.readDataSource ? { readDataSource: options.readDataSource } : {}),
    redis: null,
    logger,
    verifier: auth.verifier,
    authRouter: auth.router,
    events: { shopChanged() {} } as unknown as ApiDeps['events'],
    booking: { now: clock.now, mailQueue, availabilityCache: options.availabilityCache },
  };
  const app = createApp(deps);
  return Object.assign(app, {
    config,
    auth,
    clock,
    mailQueue,
    async close() {
      await mailQueue.stop();
      await auth.close?.();
    },
  });
}

/** Listens on a free port in 20000-32000 (the machine hands out client ports above 32768). */
export async function listen(app: Express): Promise<{ url: string; close(): Promise<void> }> {
  for (let attempt = 0; ; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    try {
      const server = await new Promise<Server>((resolve, reject) => {
        const s = app.listen(port, '127.0.0.1');
        s.once('listening', () => resolve(s));
        s.once('error', reject);
      });
      const { port: bound } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${bound}`,
        close: () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 20) throw err;
    }
  }
}

export function everyDay(open: string, close: string): Hours {
  const day = { open, close, closed: false };
  return {
    monday: { ...day },
    tuesday: { ...day },
    wednesday: { ...day },
    thursday: { ...day },
    friday: { ...day },
    saturday: { ...day },
    sunday: { ...day },
  };
}

export interface TestShop {
  id: string;
  slug: string;
  services: Service[];
  barbers: Barber[];
}

/** A shop over HTTP as its owner would set it up: settings, services (name, minutes), barbers. */
export async function setUpShop(
  app: Express,
  token: string,
  options: {
    settings?: ShopPatchInput;
    services?: Array<{ name: string; durationMinutes: number; price?: number }>;
    barbers?: string[];
  } = {},
): Promise<TestShop> {
  const created = await createShopAs(app, token);
  const auth = bearer(token);
  if (options.settings) {
    const res = await request(app).patch(`/api/shops/${created.id}`).set(auth).send(options.settings);
    if (res.status !== 200) throw new Error(`settings: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const services: Service[] = [];
  for (const s of options.services ?? [{ name: 'Haircut', durationMinutes: 60 }]) {
    const res = await request(app)
      .post(`/api/shops/${created.id}/services`)
      .set(auth)
      .send({ price: 30, ...s });
    services.push(res.body);
  }
  const barbers: Barber[] = [];
  for (const name of options.barbers ?? ['Sam']) {
    const res = await request(app).post(`/api/shops/${created.id}/barbers`).set(auth).send({ name });
    barbers.push(res.body);
  }
  return { id: created.id, slug: created.slug, services, barbers };
}

export const client = (n = 1) => ({
  name: `Client ${n}`,
  email: `client${n}@example.com`,
  phone: '+1 555 0100',
});
