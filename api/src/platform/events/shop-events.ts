import { type ShopChangedEvent, shopChangedChannel } from '@barberly/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../../config';

/** Tells the storefront caches that a shop page changed. Called after the change has committed. */
export interface ShopEvents {
  /**
   * Announces a committed change. Resolves (never rejects) once every storefront has been told or the short
   * timeout passed, so the owner's response goes out after the caches dropped the old page: the next load is new.
   */
  shopChanged(event: ShopChangedEvent): Promise<void>;
  /** Resolves when every notification sent so far has finished (delivered or failed); for tests and shutdown. */
  settled(): Promise<void>;
}

const NOTIFY_TIMEOUT_MS = 1500;

/**
 * Two paths: PUBLISH on the Redis channel when Redis is configured, and a POST to each storefront's
 * /_internal/shop-changed. A failure is logged and never fails the owner's request.
 */
export function createShopEvents(deps: {
  config: Pick<Config, 'REDIS_KEY_PREFIX' | 'STOREFRONT_NOTIFY_URLS' | 'INTERNAL_TOKEN'>;
  redis: Redis | null;
  logger: Logger;
}): ShopEvents {
  const { config, redis, logger } = deps;
  const channel = shopChangedChannel(config.REDIS_KEY_PREFIX);
  const pending = new Set<Promise<void>>();

  function track(work: Promise<unknown>, target: string, event: ShopChangedEvent): Promise<void> {
    const done: Promise<void> = work.then(
      () => undefined,
      (err: unknown) => {
        logger.warn(
          { err: err instanceof Error ? err.message : String(err), target, shopId: event.shopId },
          'shop change notification failed',
        );
      },
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
    return done;
  }

  async function post(baseUrl: string, body: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (config.INTERNAL_TOKEN) headers['x-internal-token'] = config.INTERNAL_TOKEN;
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/_internal/shop-changed`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`storefront answered ${res.status}`);
  }

  return {
    async shopChanged(event) {
      const body = JSON.stringify({
        shopId: event.shopId,
        slug: event.slug,
        version: event.version,
        ...(event.hosts?.length ? { hosts: event.hosts } : {}),
      });
      const deliveries: Promise<void>[] = [];
      if (redis) deliveries.push(track(redis.publish(channel, body), `redis:${channel}`, event));
      for (const url of config.STOREFRONT_NOTIFY_URLS) deliveries.push(track(post(url, body), url, event));
      await Promise.all(deliveries);
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
