import { shopChangedChannel } from '@barberly/common';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, uniquePrefix } from '../../test/test-db';
import { createRedis } from '../redis';
import { deadUrl, type NotifyTarget, startNotifyTarget } from './notify-target.test-helper';
import { createShopEvents } from './shop-events';

const event = { shopId: '5f0c6f55-5c1f-4a38-9d1e-6f1a4d3c2b10', slug: 'joes-cuts', version: 7 };

function captureLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const cleanup: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function subscribe(channel: string) {
  const subscriber = new Redis(TEST_REDIS_URL);
  cleanup.push(() => subscriber.quit());
  const messages: string[] = [];
  let notify: (() => void) | undefined;
  subscriber.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    messages.push(message);
    notify?.();
  });
  await subscriber.subscribe(channel);
  return {
    messages,
    next: () =>
      messages.length
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            notify = resolve;
          }),
  };
}

describe('shop change events', () => {
  it('publishes the event on the prefixed Redis channel', async () => {
    const prefix = uniquePrefix();
    const sub = await subscribe(shopChangedChannel(prefix));
    const redis = createRedis(TEST_REDIS_URL);
    cleanup.push(() => redis.quit());
    await new Promise((resolve) => redis.once('ready', resolve));
    const events = createShopEvents({
      config: { REDIS_KEY_PREFIX: prefix, STOREFRONT_NOTIFY_URLS: [], INTERNAL_TOKEN: 'secret' },
      redis,
      logger: captureLogger().logger,
    });

    events.shopChanged(event);
    await sub.next();

    expect(sub.messages.map((m) => JSON.parse(m))).toEqual([event]);
  });

  it('POSTs the event to every storefront with the internal token', async () => {
    const targets: NotifyTarget[] = [await startNotifyTarget(), await startNotifyTarget()];
    for (const t of targets) cleanup.push(() => t.close());
    const events = createShopEvents({
      config: {
        REDIS_KEY_PREFIX: uniquePrefix(),
        STOREFRONT_NOTIFY_URLS: targets.map((t) => `${t.url}/`),
        INTERNAL_TOKEN: 'internal-secret',
      },
      redis: null,
      logger: captureLogger().logger,
    });

    events.shopChanged(event);

    for (const target of targets) {
      const [received] = await target.waitFor(1);
      expect(received?.path).toBe('/_internal/shop-changed');
      expect(received?.headers['x-internal-token']).toBe('internal-secret');
      expect(received?.headers['content-type']).toBe('application/json');
      expect(received?.body).toEqual(event);
    }
  });

  it('carries the custom domains whose routing changed, on both paths (issue 16)', async () => {
    const prefix = uniquePrefix();
    const sub = await subscribe(shopChangedChannel(prefix));
    const target = await startNotifyTarget();
    cleanup.push(() => target.close());
    const redis = createRedis(TEST_REDIS_URL);
    cleanup.push(() => redis.quit());
    await new Promise((resolve) => redis.once('ready', resolve));
    const events = createShopEvents({
      config: { REDIS_KEY_PREFIX: prefix, STOREFRONT_NOTIFY_URLS: [target.url], INTERNAL_TOKEN: 'secret' },
      redis,
      logger: captureLogger().logger,
    });
    const withHosts = { ...event, hosts: ['www.joescuts.com', 'joescuts.com'] };

    events.shopChanged(withHosts);
    await sub.next();

    expect(JSON.parse(sub.messages[0] ?? 'null')).toEqual(withHosts);
    expect((await target.waitFor(1))[0]?.body).toEqual(withHosts);
  });

  it('logs a storefront that cannot be reached or refuses, and never throws', async () => {
    const refusing = await startNotifyTarget(500);
    cleanup.push(() => refusing.close());
    const { logger, lines } = captureLogger();
    const events = createShopEvents({
      config: {
        REDIS_KEY_PREFIX: uniquePrefix(),
        STOREFRONT_NOTIFY_URLS: [await deadUrl(), refusing.url],
        INTERNAL_TOKEN: 'x',
      },
      redis: null,
      logger,
    });

    expect(() => events.shopChanged(event)).not.toThrow();
    await events.settled();

    const failures = lines.filter((l) => l.msg === 'shop change notification failed');
    expect(failures).toHaveLength(2);
    expect(failures.map((l) => l.shopId)).toEqual([event.shopId, event.shopId]);
    expect(failures.some((l) => String(l.err).includes('500'))).toBe(true);
  });
});
