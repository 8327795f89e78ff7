import { Redis } from 'ioredis';

/** One Redis connection for commands. It retries in the background; callers must tolerate it being down. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
}
