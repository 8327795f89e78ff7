import { BOOKING_RATE_LIMIT } from '@barberly/common';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { tooManyRequests } from '../../platform/http/errors';
import { createRateLimiter } from '../../platform/rate-limit';

/** Whether a browser origin may call the public booking endpoints: a shop's own site or the main origin. */
export function publicOriginAllowed(config: Pick<Config, 'APP_DOMAIN' | 'PUBLIC_ORIGIN'>): (origin: string) => boolean {
  const domain = config.APP_DOMAIN.toLowerCase();
  const mainOrigin = new URL(config.PUBLIC_ORIGIN).origin;
  return (origin) => {
    if (origin === mainOrigin) return true;
    try {
      const url = new URL(origin);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      const host = url.hostname.toLowerCase();
      return host === domain || host.endsWith(`.${domain}`);
    } catch {
      return false;
    }
  };
}

/**
 * CORS for the public booking endpoints: a shop's own site ({slug}.{APP_DOMAIN}, any port) and the main origin may
 * call them from the browser. No credentials: these endpoints need no session (the manage token is in the path).
 */
export function publicBookingCors(config: Pick<Config, 'APP_DOMAIN' | 'PUBLIC_ORIGIN'>): RequestHandler {
  const allowed = publicOriginAllowed(config);
  return (req, res, next) => {
    const origin = req.header('origin');
    res.vary('Origin');
    if (origin && allowed(origin)) {
      res.set('Access-Control-Allow-Origin', origin);
      if (req.method === 'OPTIONS') {
        res.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
        res.set('Access-Control-Allow-Headers', 'Content-Type, Idempotency-Key');
        res.set('Access-Control-Max-Age', '600');
      }
    }
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  };
}

/** The public paths (relative to /api) that answer browsers on shop sites. */
export const PUBLIC_BOOKING_PATHS = [
  '/shops/:slugOrId/availability',
  '/shops/:slugOrId/appointments',
  '/appointments/manage/:token',
  '/appointments/manage/:token/cancel',
  '/appointments/manage/:token/reschedule',
  '/appointments/manage/:token/calendar.ics',
];

export interface PublicLimitDeps {
  redis?: Redis | null;
  keyPrefix?: string;
  /** Scales BOOKING_RATE_LIMIT (AUTH_RATE_LIMIT_MULTIPLIER); 0 or absent turns it off. */
  rateLimitMultiplier?: number;
}

/**
 * The per-address limit of the public write endpoints (booking, rescheduling, waitlist joins and claims, accepting
 * a series alternative): BOOKING_RATE_LIMIT scaled, one bucket per `name`. Resolves, or throws 429 with Retry-After.
 */
export function publicRequestLimit(name: string, deps: PublicLimitDeps): (ip: string | undefined) => Promise<void> {
  const multiplier = deps.rateLimitMultiplier ?? 0;
  if (multiplier <= 0) return async () => {};
  const limiter = createRateLimiter({
    name,
    rule: {
      points: Math.max(1, Math.round(BOOKING_RATE_LIMIT.points * multiplier)),
      durationSeconds: BOOKING_RATE_LIMIT.durationSeconds,
    },
    redis: deps.redis ?? null,
    keyPrefix: deps.keyPrefix ?? '',
  });
  return async (ip) => {
    const limit = await limiter.consume(ip ?? 'unknown');
    if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  };
}
