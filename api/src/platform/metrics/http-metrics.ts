import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { httpDuration, httpRequests } from './metrics';

const ROUTE = Symbol('barberly.metrics.route');

type Labelled = IncomingMessage & { [ROUTE]?: string; baseUrl?: string; route?: unknown };

/** Names the route of an answer given before Express routes it (availability's kept answers, decision 0060). */
export function labelRoute(req: IncomingMessage, pattern: string): void {
  (req as Labelled)[ROUTE] = pattern;
}

function patternOf(route: unknown): string | null {
  const path = (route as { path?: unknown } | null)?.path;
  if (typeof path === 'string') return path;
  if (Array.isArray(path)) return path.map(String).join('|');
  return path === undefined || path === null ? null : String(path);
}

/**
 * Counts and times every request by its route pattern. Express sets `req.route` when a route matches, with
 * `req.baseUrl` then the mount path ('/api'); Express restores baseUrl when an error leaves the router, so the
 * pattern is taken at the moment the route is set (a setter on this request), not when the answer goes out.
 * A request no route matched is 'unmatched' (404s of made-up paths cannot grow the label set).
 */
export function withRequestMetrics(handler: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const end = httpDuration.startTimer();
    const labelled = req as Labelled;
    let route: unknown;
    Object.defineProperty(labelled, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: unknown) {
        route = value;
        const pattern = patternOf(value);
        if (pattern !== null) labelled[ROUTE] = `${labelled.baseUrl ?? ''}${pattern}`;
      },
    });
    res.once('finish', () => {
      const labels = { route: labelled[ROUTE] ?? 'unmatched', method: req.method ?? 'GET' };
      end(labels);
      httpRequests.inc({ ...labels, status_code: String(res.statusCode) });
    });
    handler(req, res);
  };
}
