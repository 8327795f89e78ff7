import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { SCHEDULE_CHANNEL } from './schedule-notify';

const RECONNECT_MS = 1_000;

/**
 * Availability's one LISTEN connection per api process (decision 0060) on `barberly_schedule`. While it is up the
 * cache may keep what it loads; when it drops (or before it is first up) nothing may be kept, since notifications
 * sent meanwhile are lost: `onReset` is called each time listening starts or stops, and it reconnects every second.
 */
export interface ScheduleSubscriber {
  /** True while the listening connection is up. */
  readonly listening: boolean;
  /** Resolves once LISTEN is in place (or rejects when the first connection fails; it keeps trying). */
  ready(): Promise<void>;
  /**
   * Resolves once every notification committed before the call has been heard: it sends one of its own on the
   * channel and waits for it (Postgres delivers notifications in commit order). At once when not listening.
   */
  sync(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export function createScheduleSubscriber(deps: {
  dataSource: DataSource;
  connectionString: string;
  logger: Logger;
  /** Each notification's payload, in commit order (sync markers excepted). */
  onChange(payload: string | undefined): void;
  /** Listening started or stopped: whatever was loaded before may have missed a notification. */
  onReset(): void;
}): ScheduleSubscriber {
  const { logger } = deps;
  const syncs = new Map<string, () => void>();
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let firstConnect: Promise<void> | null = null;

  function heard(payload: string | undefined) {
    const [first, token] = (payload ?? '').split(':');
    if (first === 'sync') {
      syncs.get(token ?? '')?.();
      return;
    }
    deps.onChange(payload);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: deps.connectionString, application_name: 'barberly-availability' });
    next.on('notification', (msg) => {
      if (msg.channel === SCHEDULE_CHANNEL) heard(msg.payload);
    });
    const lost = (err?: Error) => {
      if (client !== next) return;
      client = null;
      listening = false;
      deps.onReset();
      if (closed) return;
      logger.warn({ err: err?.message }, 'availability cache stopped listening; reading the database until it is back');
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${SCHEDULE_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Whatever was loaded before LISTEN took effect may have missed a notification.
    deps.onReset();
    listening = true;
  }

  async function reconnect() {
    if (closed || client) return;
    try {
      await connect();
      logger.info('availability cache listening again');
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'availability cache could not listen; retrying');
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  }

  return {
    get listening() {
      return listening;
    },

    ready() {
      firstConnect ??= connect().catch((err: unknown) => {
        setTimeout(() => void reconnect(), RECONNECT_MS).unref();
        throw err;
      });
      return firstConnect;
    },

    async sync(timeoutMs = 5_000) {
      if (!listening) return;
      const token = randomUUID();
      const done = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          syncs.delete(token);
          reject(new Error('the availability cache did not hear its own notification'));
        }, timeoutMs);
        syncs.set(token, () => {
          clearTimeout(timer);
          syncs.delete(token);
          resolve();
        });
      });
      await deps.dataSource.query('SELECT pg_notify($1, $2)', [SCHEDULE_CHANNEL, `sync:${token}`]);
      await done;
    },

    async close() {
      closed = true;
      listening = false;
      const current = client;
      client = null;
      deps.onReset();
      await current?.end().catch(() => undefined);
    },
  };
}
