import { CLIENT_LIMITS, type ClientList, ClientListQuerySchema, localDateOf } from '@barberly/common';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { parseInput } from '../../platform/http/errors';
import type { BookingMailQueue } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import type { TextProvider } from '../messaging/twilio';
import { servedClause } from './client-access';
import { KEPT, type SummaryRow, summaryCte, toSummary, VISIT } from './client-summary';
import { loadViewer } from './client-viewer';
import { DUE_BACK_ORDER, dueBackWhere } from './due-back';

/**
 * A shop's clients (issue 13): the list and its search here; who may see what in client-viewer.ts, a client row's
 * figures in client-summary.ts, the card and notes in client-profile.service.ts, merging in client-merge.service.ts,
 * export and erasure in client-privacy.service.ts.
 */

export interface ClientsDeps {
  dataSource: DataSource;
  config: Pick<Config, 'PUBLIC_ORIGIN'> & Partial<Pick<Config, 'DEFAULT_PHONE_COUNTRY'>>;
  mailer: Mailer;
  textProvider?: Pick<TextProvider, 'ready' | 'send'>;
  /** Erasure drops what is queued for the person and passes their held or freed time on to the waitlist. */
  mailQueue: BookingMailQueue;
  now: () => Date;
  logger: Logger;
}

const SORTS = {
  name: `lower(s."name"), s."id"`,
  lastVisit: `s."last_visit" DESC NULLS LAST, lower(s."name"), s."id"`,
  visits: `s."visits" DESC, lower(s."name"), s."id"`,
  totalSpent: `s."total_spent" DESC, lower(s."name"), s."id"`,
} as const;

/** '%' and '_' typed into the search box are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** GET /api/shops/{shopId}/clients (also the assistant's "Who is overdue": the same filter, the same count). */
export async function listClients(
  deps: Pick<ClientsDeps, 'dataSource' | 'now'>,
  shopId: string,
  userId: string,
  query: unknown,
  /** A barber who may not see clients' phone and e-mail searches by name only: a match must not reveal them. */
  options: { searchNamesOnly?: boolean } = {},
): Promise<ClientList> {
  const q = parseInput(ClientListQuerySchema, query);
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  const now = deps.now();
  const today = localDateOf(now, viewer.shop.timeZone);
  const params: unknown[] = [viewer.shop.id, now, viewer.shop.timeZone, viewer.shop.currency];
  // Who can be on the list, from the clients table alone (and, for a barber, whom they served).
  const where: string[] = ['c."shop_id" = $1', 'c."merged_into_id" IS NULL', 'c."erased_at" IS NULL'];
  if (q.q) {
    params.push(likePattern(q.q));
    const text = `$${params.length}`;
    if (options.searchNamesOnly) {
      where.push(`c."name" ILIKE ${text}`);
    } else {
      const digits = q.q.replace(/\D/g, '');
      const phoneClause = digits.length >= 3 ? ` OR c."phone" LIKE $${params.push(`%${digits}%`)}` : '';
      where.push(`(c."name" ILIKE ${text} OR c."email" ILIKE ${text}${phoneClause})`);
    }
  }
  if (viewer.barberId) {
    params.push(viewer.barberId);
    where.push(servedClause('c."id"', `$${params.length}::uuid`, '$2'));
  }
  const candidates = `SELECT c."id" FROM "clients" c WHERE ${where.join(' AND ')}`;
  const due: string[] = [];
  if (q.filter === 'due' || q.filter === 'lapsed') {
    params.push(today);
    due.push(dueBackWhere(q.filter, `$${params.length}`));
  }
  const pageSize = CLIENT_LIMITS.pageSize;
  params.push(pageSize, (q.page - 1) * pageSize);
  const [limit, offset] = [`$${params.length - 1}`, `$${params.length}`];
  // The page is chosen with as little as it needs: by name from the clients table alone, by last visit, visits or
  // total spent from those figures only (no zone arithmetic), and only 'due' and 'lapsed' need every candidate's
  // rhythm. The page's rows then get all their figures.
  let sql: string;
  if (due.length) {
    sql = `WITH ${summaryCte(candidates)}
      SELECT s.*, count(*) OVER ()::int AS "total" FROM summary s
      WHERE ${due.join(' AND ')}
      ORDER BY ${DUE_BACK_ORDER}
      LIMIT ${limit} OFFSET ${offset}`;
  } else {
    const ranked =
      q.sort === 'name'
        ? `SELECT c."id", c."name" FROM "clients" c WHERE c."id" IN (SELECT "id" FROM listed)`
        : `SELECT c."id", c."name", coalesce(f."visits", 0) AS "visits", f."last_visit",
             coalesce(f."total_spent", 0) AS "total_spent"
           FROM "clients" c
           LEFT JOIN (
             SELECT a."client_id", count(*) FILTER (WHERE ${VISIT})::int AS "visits",
               max(a."starts_at") FILTER (WHERE ${VISIT}) AS "last_visit",
               coalesce(sum(a."service_price") FILTER (WHERE a."status" = 'completed' AND a."currency" = $4), 0)::float8
                 AS "total_spent"
             FROM "appointments" a
             WHERE a."shop_id" = $1 AND a."status" IN ${KEPT} AND a."client_id" IN (SELECT "id" FROM listed)
             GROUP BY a."client_id"
           ) f ON f."client_id" = c."id"
           WHERE c."id" IN (SELECT "id" FROM listed)`;
    sql = `WITH listed AS MATERIALIZED (${candidates}),
      page AS MATERIALIZED (
        SELECT s."id", count(*) OVER ()::int AS "total" FROM (${ranked}) s
        ORDER BY ${SORTS[q.sort]} LIMIT ${limit} OFFSET ${offset}
      ),
      ${summaryCte('SELECT "id" FROM page')}
      SELECT s.*, p."total" FROM summary s JOIN page p ON p."id" = s."id"
      ORDER BY ${SORTS[q.sort]}`;
  }
  const rows = (await deps.dataSource.query(sql, params)) as Array<SummaryRow & { total: number }>;
  return {
    clients: rows.map((r) => toSummary(r, today)),
    total: rows[0]?.total ?? (q.page > 1 ? await countClients(deps, params.slice(0, -2), candidates, due) : 0),
    page: q.page,
    pageSize,
    currency: viewer.shop.currency,
  };
}

/** The total when the page asked for lies past the end (rare: the figures are worked out for every candidate). */
async function countClients(
  deps: Pick<ClientsDeps, 'dataSource'>,
  params: unknown[],
  candidates: string,
  due: string[],
) {
  const [row] = (await deps.dataSource.query(
    `WITH ${summaryCte(candidates)} SELECT count(*)::int AS "n" FROM summary s ${due.length ? `WHERE ${due.join(' AND ')}` : ''}`,
    params,
  )) as Array<{ n: number }>;
  return row?.n ?? 0;
}
