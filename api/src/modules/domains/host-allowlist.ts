import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';

/**
 * The names Caddy may get certificates for, held in memory (issue 23 item 6, decision 0173): every active shop's
 * proven custom domains and its own subdomain. Caddy's `ask` is then answered without a query and without a rate
 * limit, so a flood of made-up names costs nothing and cannot crowd out a real one.
 *
 * Postgres says when a shop's names change (triggers on `shops` and `shop_domains` NOTIFY `barberly_hosts` with the
 * shop's id, at commit, whichever process wrote: api, worker or psql). Each notified shop is read again, one batch
 * at a time in arrival order, so an older read never overwrites a newer one. While not listening (not started yet,
 * or the connection dropped) `allows` answers null and the caller asks the database instead.
 */

export const HOSTS_CHANNEL = 'barberly_hosts';
const RECONNECT_MS = 2_000;

export interface HostAllowlist {
  /** Whether a normalised name may get a certificate; null while the list is not known (ask the database). */
  allows(host: string): Promise<boolean | null>;
  /** Reads these shops' names again now (this process just changed them; the others hear it from Postgres). */
  changed(shopId: string): Promise<void>;
  /** Resolves once every change committed before the call is in the list (tests). */
  sync(timeoutMs?: number): Promise<void>;
  readonly listening: boolean;
  close(): Promise<void>;
}

interface ShopNames {
  slug: string | null;
  hosts: string[];
}

export function createHostAllowlist(deps: {
  dataSource: DataSource;
  connectionString: string;
  appDomain: string;
  logger: Pick<Logger, 'warn' | 'info'>;
}): HostAllowlist {
  const { dataSource, logger } = deps;
  const appDomain = deps.appDomain.toLowerCase().replace(/:\d+$/, '');
  const hosts = new Map<string, string>();
  const slugs = new Map<string, string>();
  const byShop = new Map<string, ShopNames>();
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let started: Promise<void> | null = null;
  /** While the whole list is being read, notified shops wait: read before it lands, they would be overwritten. */
  let loading = false;

  let dirty = new Set<string>();
  let waiters: Array<() => void> = [];
  let draining: Promise<void> | null = null;
  const syncs = new Map<string, () => void>();

  function forget(shopId: string) {
    const old = byShop.get(shopId);
    if (!old) return;
    if (old.slug && slugs.get(old.slug) === shopId) slugs.delete(old.slug);
    for (const host of old.hosts) if (hosts.get(host) === shopId) hosts.delete(host);
    byShop.delete(shopId);
  }

  function remember(shopId: string, names: ShopNames) {
    forget(shopId);
    byShop.set(shopId, names);
    if (names.slug) slugs.set(names.slug, shopId);
    for (const host of names.hosts) hosts.set(host, shopId);
  }

  async function read(shopIds: string[] | null): Promise<Array<{ id: string; slug: string; hosts: string[] }>> {
    return (await dataSource.query(
      `SELECT s."id", s."slug",
              coalesce(array_agg(d."hostname") FILTER (WHERE d."hostname" IS NOT NULL), '{}') AS "hosts"
         FROM "shops" s
         LEFT JOIN "shop_domains" d ON d."shop_id" = s."id" AND d."status" IN ('verified', 'active')
        WHERE s."is_active" ${shopIds ? 'AND s."id" = ANY($1::uuid[])' : ''}
        GROUP BY s."id"`,
      shopIds ? [shopIds] : [],
    )) as Array<{ id: string; slug: string; hosts: string[] }>;
  }

  async function reload(shopIds: string[]) {
    const rows = await read(shopIds);
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.id);
      remember(row.id, { slug: row.slug, hosts: row.hosts });
    }
    // Gone, or no longer active: none of its names may get a certificate.
    for (const id of shopIds) if (!seen.has(id)) forget(id);
  }

  /** Reads the notified shops again, one batch at a time; whoever waits for a batch is told when it is in. */
  function drain(): Promise<void> {
    draining ??= (async () => {
      while (dirty.size > 0 || waiters.length > 0) {
        const batch = [...dirty];
        const told = waiters;
        dirty = new Set();
        waiters = [];
        try {
          if (batch.length) await reload(batch);
        } catch (err) {
          // The list may now be stale: stop trusting it until listening starts over.
          logger.warn({ err: (err as Error).message }, 'domain allowlist could not read a change; starting over');
          void client?.end().catch(() => undefined);
        }
        for (const tell of told) tell();
      }
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  function onNotification(payload: string | undefined) {
    if (!payload) return;
    if (payload.startsWith('sync:')) {
      const resolve = syncs.get(payload.slice(5));
      if (resolve) {
        waiters.push(resolve);
        if (!loading) void drain();
      }
      return;
    }
    dirty.add(payload);
    if (!loading) void drain();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: deps.connectionString, application_name: 'barberly-hosts' });
    next.on('notification', (msg) => {
      if (msg.channel === HOSTS_CHANNEL && client === next) onNotification(msg.payload);
    });
    const lost = (err?: Error) => {
      if (client !== next) return;
      client = null;
      listening = false;
      if (closed) return;
      logger.warn({ err: err?.message }, 'domain allowlist stopped listening; asking the database until it is back');
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    try {
      await next.query(`LISTEN ${HOSTS_CHANNEL}`);
      client = next;
      // Listening first, then the whole list: a change committed meanwhile is read again after it.
      loading = true;
      const rows = await read(null);
      hosts.clear();
      slugs.clear();
      byShop.clear();
      for (const row of rows) remember(row.id, { slug: row.slug, hosts: row.hosts });
    } catch (err) {
      client = null;
      await next.end().catch(() => undefined);
      throw err;
    } finally {
      loading = false;
    }
    void drain();
    if (closed) {
      client = null;
      await next.end().catch(() => undefined);
      return;
    }
    listening = true;
  }

  async function reconnect() {
    if (closed || client) return;
    try {
      await connect();
      logger.info('domain allowlist listening again');
    } catch (err) {
      // The database itself is gone (a test's, dropped): nothing to come back to.
      if ((err as { code?: string }).code === '3D000') return;
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  }

  function start(): Promise<void> {
    started ??= connect().catch((err: unknown) => {
      logger.warn({ err: (err as Error).message }, 'domain allowlist could not listen; asking the database');
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    return started;
  }

  return {
    get listening() {
      return listening;
    },

    async allows(host) {
      await start();
      if (!listening) return null;
      if (hosts.has(host)) return true;
      if (!appDomain || !host.endsWith(`.${appDomain}`)) return false;
      const label = host.slice(0, -(appDomain.length + 1));
      return !label.includes('.') && slugs.has(label);
    },

    async changed(shopId) {
      if (!listening) return;
      dirty.add(shopId);
      await drain();
    },

    async sync(timeoutMs = 5_000) {
      await start();
      if (!listening) return;
      const token = randomUUID();
      const heard = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          syncs.delete(token);
          reject(new Error('the domain allowlist did not hear its own notification'));
        }, timeoutMs);
        syncs.set(token, () => {
          clearTimeout(timer);
          syncs.delete(token);
          resolve();
        });
      });
      await dataSource.query('SELECT pg_notify($1, $2)', [HOSTS_CHANNEL, `sync:${token}`]);
      await heard;
    },

    async close() {
      closed = true;
      listening = false;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
