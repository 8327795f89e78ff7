import type { RequestHandler } from 'express';
import type { Config } from '../../config';

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
