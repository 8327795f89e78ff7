import { shopChangedChannel } from '@barberly/common';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { HostMap } from './host-map';
import type { ShopCache } from './shop-cache';

/** ShopChangedEvent (common) as it arrives on the channel or in POST /_internal/shop-changed. */
export const ShopChangedEventSchema = z.object({
  shopId: z.string().min(1).max(100),
  slug: z.string().min(1).max(100),
  version: z.number().int().nonnegative(),
  hosts: z.array(z.string().min(1).max(253)).max(20).optional(),
});

/**
 * Listens on the shop-changed channel with its own connection (a subscribed connection can do nothing else).
 * After a reconnect, messages sent meanwhile are lost: everything held in process memory is dropped then.
 */
export function subscribeToShopChanges(deps: {
  redis: Redis;
  keyPrefix: string;
  shops: ShopCache;
  /** Custom domains named by an event are forgotten with the shop (issue 16). */
  hosts?: HostMap;
  log: (message: string, fields?: Record<string, unknown>) => void;
}): { subscriber: Redis; ready: Promise<unknown> } {
  // Queue the SUBSCRIBE until connected (the command connection fails fast instead): a Redis that is down at
  // start must not keep the storefront from serving, and ioredis subscribes again on every reconnect.
  const subscriber = deps.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  const channel = shopChangedChannel(deps.keyPrefix);
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (connectedOnce) {
      deps.shops.clearLocal();
      deps.hosts?.clear();
    }
    connectedOnce = true;
  });
  subscriber.on('error', (err: Error) => deps.log('redis subscriber error', { err: err.message }));
  subscriber.on('message', (received: string, message: string) => {
    if (received !== channel) return;
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      json = null;
    }
    const parsed = ShopChangedEventSchema.safeParse(json);
    if (!parsed.success) {
      deps.log('ignored malformed shop-changed message', { message: message.slice(0, 200) });
      return;
    }
    deps.hosts?.forget(parsed.data.hosts ?? []);
    deps.shops.invalidate(parsed.data).catch((err: unknown) => {
      deps.log('shop invalidation failed', { err: err instanceof Error ? err.message : String(err) });
    });
  });
  return { subscriber, ready: subscriber.subscribe(channel) };
}
