import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type RequestHandler, Router } from 'express';
import type { Config } from '../../config';
import { labelRoute } from '../../platform/metrics/http-metrics';
import { publicBookingCors, publicOriginAllowed } from '../appointments/public-cors';
import { pathParam } from '../shops/shop-access';
import { type AvailabilityDeps, getAvailabilityAnswer } from './availability.service';
import type { AvailabilityCache, CachedAnswer } from './availability-cache';
import { getAvailabilityDaysAnswer } from './availability-days.service';

type RouterDeps = AvailabilityDeps & { config: Pick<Config, 'APP_DOMAIN' | 'PUBLIC_ORIGIN'> };

/** The one-day answer and (issue 25) the days answer: both kept the same way. */
const PATH = /^\/api\/shops\/[^/?]+\/availability(\/days)?(?:\?|$)/;
const REQUEST_ID = /^[\w.-]{1,100}$/;

/** If-None-Match names this ETag (or '*'): the browser's copy is current. */
function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * The answer carries an ETag and may be kept by the browser only to ask again with If-None-Match (`no-cache`): an
 * unchanged day then costs a 304 and no body.
 */
function send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer) {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', answer.etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (notModified(req, answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.end(answer.body);
}

/** Public: the booking page asks which starts are free. */
export function availabilityRouter(deps: RouterDeps): Router {
  const router = Router();
  const cors = publicBookingCors(deps.config);
  router.options('/shops/:slugOrId/availability', cors);
  router.get('/shops/:slugOrId/availability', cors, async (req, res) => {
    const slugOrId = pathParam(req.params, 'slugOrId');
    send(req, res, await getAvailabilityAnswer(deps, slugOrId, req.query, req.auth?.id, req.originalUrl));
  });
  // Issue 25: which days of a range (at most 62) have a free start, for the storefront's date picker.
  router.options('/shops/:slugOrId/availability/days', cors);
  router.get('/shops/:slugOrId/availability/days', cors, async (req, res) => {
    const slugOrId = pathParam(req.params, 'slugOrId');
    send(req, res, await getAvailabilityDaysAnswer(deps, slugOrId, req.query, req.auth?.id, req.originalUrl));
  });
  return router;
}

/**
 * The hot path (decision 0060): a question asked before with exactly this URL, about an active shop, whose kept
 * answer is still valid, is answered from memory with plain node:http, ahead of Express, the body parser, auth and
 * the routers; the headers are the ones the route above and the app's first middleware set. Anything else (an
 * inactive shop, a first question, a change since) returns false and goes the whole way.
 */
export function keptAvailability(deps: {
  availabilityCache: AvailabilityCache;
  config: Pick<Config, 'APP_DOMAIN' | 'PUBLIC_ORIGIN'>;
  now: () => Date;
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const allowed = publicOriginAllowed(deps.config);
  return (req, res) => {
    const url = req.url ?? '';
    const match = req.method === 'GET' ? PATH.exec(url) : null;
    if (!match) return false;
    const answer = deps.availabilityCache.peek(url, deps.now().getTime());
    if (!answer) return false;
    // Counted under the same route as the router's answers (metrics, decision 0178).
    labelRoute(req, match[1] ? '/api/shops/:slugOrId/availability/days' : '/api/shops/:slugOrId/availability');
    const incoming = req.headers['x-request-id'];
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Request-Id', typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID());
    res.setHeader('Vary', 'Origin');
    const origin = req.headers.origin;
    if (origin && allowed(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    send(req, res, answer);
    return true;
  };
}

/** The same, as the app's first middleware (tests call the app without main.ts's server). */
export function availabilityHotPath(deps: Parameters<typeof keptAvailability>[0]): RequestHandler {
  const serve = keptAvailability(deps);
  return (req, res, next) => {
    if (!serve(req, res)) next();
  };
}
