import { Router } from 'express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { currentUser, requireAuth } from '../../platform/http/auth-context';
import { trackEventStream } from '../../platform/metrics/metrics';
import { calendarStaff } from '../appointments/staff-booking.service';
import { pathParam } from '../shops/shop-access';
import { type CalendarHub, type CalendarSignal, createCalendarHub } from './calendar-hub';

/** A comment line every 15 s keeps proxies and idle timeouts from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** What the browser waits before reconnecting after a drop (the admin's own backoff starts here too). */
export const RETRY_MS = 3_000;

export interface CalendarLiveDeps {
  dataSource: DataSource;
  config: { DATABASE_URL: string };
  logger: Logger;
  /** One hub per process; made here when not given. */
  calendarHub?: CalendarHub;
}

/**
 * The live calendar (issue 25 item 4, decision 0189): GET /api/shops/{shopId}/calendar/stream is a server-sent
 * event stream of the shop's committed calendar changes, for the owner (every chair) or a barber (their own chair
 * and the shop's special days). Authorised by the same bearer token as every call: the admin reads it with fetch,
 * not EventSource, so the token never goes into a URL.
 *
 *   retry: 3000                     once
 *   event: ready                    once the stream listens: read the calendar now (it is also a reconnect's refetch)
 *   event: change  data: {kind, barberId, id}    an appointment, time off or special day changed
 *   event: refetch                  changes may have been missed (a resumed stream, the database connection back)
 *   : ping                          every 15 s
 */
export function calendarLiveRouter(deps: CalendarLiveDeps): Router {
  const router = Router();
  const hub =
    deps.calendarHub ?? createCalendarHub({ connectionString: deps.config.DATABASE_URL, logger: deps.logger });

  router.get('/shops/:shopId/calendar/stream', requireAuth, async (req, res) => {
    const staff = await calendarStaff(deps.dataSource.manager, pathParam(req.params, 'shopId'), currentUser(req).id);
    const chair = staff.kind === 'barber' ? staff.barber.id : null;
    let seq = 0;
    const send = (event: string, data: unknown) => {
      if (res.writableEnded) return;
      seq++;
      res.write(`id: ${seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const onSignal = (signal: CalendarSignal) => {
      if (signal.type === 'closing') return void res.end();
      if (signal.type === 'resync') return send('refetch', {});
      const { change } = signal;
      if (chair && change.barberId !== null && change.barberId !== chair) return;
      send('change', { kind: change.kind, barberId: change.barberId, id: change.id });
    };
    const unsubscribe = await hub.subscribe(staff.shop.id, onSignal);
    const untrack = trackEventStream('calendar');
    const heartbeat = setInterval(() => {
      if (!res.writableEnded) res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const done = () => {
      clearInterval(heartbeat);
      unsubscribe();
      untrack();
    };
    req.on('close', done);
    res.on('close', done);
    if (req.destroyed || res.closed) return done();

    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      // nginx passes each event on as it comes and never compresses it.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n\n`);
    // No history is kept: a resumed stream (Last-Event-ID) is told to read the calendar again.
    if (req.headers['last-event-id'] !== undefined) send('refetch', {});
    send('ready', { scope: chair ? 'barber' : 'shop', ...(chair ? { barberId: chair } : {}) });
  });

  return router;
}
