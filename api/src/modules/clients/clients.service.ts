import {
  CLIENT_LIMITS,
  CLIENT_MESSAGES,
  type ClientAppointment,
  type ClientDetail,
  type ClientList,
  ClientListQuerySchema,
  ClientMergeSchema,
  type ClientNote,
  ClientNoteSchema,
  ClientPatchSchema,
  type ClientSummary,
  LIVE_APPOINTMENT_STATUSES,
  localDateOf,
} from '@barberly/common';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config';
import { badRequest, conflict, forbidden, notFound, parseInput } from '../../platform/http/errors';
import { ANALYTICS_CHANNEL } from '../analytics/analytics-cache';
import { reassignClient } from '../appointments/lifecycle';
import type { BookingMailQueue } from '../mail/mail-queue';
import type { Mailer } from '../mail/mailer';
import type { TextProvider } from '../messaging/twilio';
import type { ShopEntity } from '../shops/shop.entity';
import { findShopById, isUuid, SHOP_NOT_FOUND } from '../shops/shop-access';
import { hasServed, servedClause } from './client-access';
import { eraseClientData } from './client-erasure';
import { DUE_BACK_ORDER, dueBackWhere, isLapsed } from './due-back';

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

/**
 * Who is asking: the shop's owner sees every client; a barber of the shop only those they have served, a visit with
 * them that took place by `now` (client-access.ts).
 */
export interface ClientViewer {
  shop: ShopEntity;
  now: Date;
  userId: string;
  role: 'owner' | 'barber';
  /** The caller's barbers row, for a barber. */
  barberId: string | null;
  authorName: string;
}

/** Unknown shop: 404. Neither its owner nor one of its barbers: 403. */
export async function loadViewer(
  manager: EntityManager,
  shopId: string,
  userId: string,
  now: Date,
): Promise<ClientViewer> {
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  const [user] = (await manager.query(
    `SELECT coalesce(nullif(trim(concat_ws(' ', "first_name", "last_name")), ''), "email") AS "name" FROM "users" WHERE "id" = $1`,
    [userId],
  )) as Array<{ name: string }>;
  if (shop.ownerId === userId) {
    return { shop, now, userId, role: 'owner', barberId: null, authorName: user?.name ?? 'Owner' };
  }
  const [barber] = (await manager.query(
    `SELECT "id", "name" FROM "barbers" WHERE "shop_id" = $1 AND "user_id" = $2 LIMIT 1`,
    [shop.id, userId],
  )) as Array<{ id: string; name: string }>;
  if (!barber) throw forbidden('Only the owner and barbers of this shop can see its clients.');
  return { shop, now, userId, role: 'barber', barberId: barber.id, authorName: barber.name };
}

export function requireOwner(viewer: ClientViewer): void {
  if (viewer.role !== 'owner') throw forbidden('Only the owner of this shop can do this.');
}

const VISIT = `(a."status" = 'completed' OR (a."status" = 'confirmed' AND a."ends_at" <= $2))`;
const KEPT = `(${LIVE_APPOINTMENT_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/**
 * The figures of a client row: visits, last visit, next appointment, total spent (completed, in the shop's
 * currency), no-shows, and the usual interval (median whole days between consecutive visits, in the shop's zone)
 * with the due date it gives. $1 shop, $2 now, $3 zone, $4 currency.
 *
 * Only for `candidates`, a query of the clients' "id"s the page can show (the search, a barber's own clients, a
 * page already chosen by name): every figure is read from those clients' appointments by ("shop_id", "client_id")
 * in IDX_appointments_client_kept (kept statuses: a cancelled appointment counts in none of them), index-only.
 * The shop's other clients cost nothing (issue 13, docs/benchmarks.md).
 */
const summaryCte = (candidates: string) => `
  candidates AS MATERIALIZED (${candidates}),
  kept AS (
    SELECT a."client_id", a."status", a."starts_at", a."service_price", a."currency", v."visit", v."day",
      -- The day of the client's previous visit: days never go down in start order, so the latest one before.
      max(v."day") FILTER (WHERE v."visit") OVER (
        PARTITION BY a."client_id" ORDER BY a."starts_at", a."id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
      ) AS "previous_day"
    FROM "appointments" a
    CROSS JOIN LATERAL (
      SELECT ${VISIT} AS "visit", CASE WHEN ${VISIT} THEN (a."starts_at" AT TIME ZONE $3)::date END AS "day"
    ) v
    WHERE a."shop_id" = $1 AND a."client_id" IN (SELECT "id" FROM candidates) AND a."status" IN ${KEPT}
  ),
  figures AS MATERIALIZED (
    SELECT a."client_id",
      count(*) FILTER (WHERE a."visit")::int AS "visits",
      max(a."starts_at") FILTER (WHERE a."visit") AS "last_visit",
      min(a."starts_at") FILTER (WHERE a."status" = 'confirmed' AND a."starts_at" > $2) AS "next_appointment",
      coalesce(sum(a."service_price") FILTER (WHERE a."status" = 'completed' AND a."currency" = $4), 0)::float8 AS "total_spent",
      count(*) FILTER (WHERE a."status" = 'no_show')::int AS "no_shows",
      -- The gaps between consecutive visit days (a second visit the same day is no gap).
      round(percentile_cont(0.5) WITHIN GROUP (ORDER BY a."day" - a."previous_day")
        FILTER (WHERE a."visit" AND a."day" > a."previous_day"))::int AS "usual_days"
    FROM kept a
    GROUP BY a."client_id"
  ),
  summary AS (
    SELECT c."id", c."name", c."email", c."phone", c."tags", c."erased_at", c."created_at", c."updated_at",
      coalesce(f."visits", 0) AS "visits", f."last_visit", f."next_appointment",
      coalesce(f."total_spent", 0) AS "total_spent", coalesce(f."no_shows", 0) AS "no_shows", f."usual_days",
      CASE WHEN f."usual_days" IS NOT NULL
        THEN ((f."last_visit" AT TIME ZONE $3)::date + f."usual_days") END AS "due_date"
    FROM "clients" c
    LEFT JOIN figures f ON f."client_id" = c."id"
    WHERE c."shop_id" = $1 AND c."merged_into_id" IS NULL AND c."id" IN (SELECT "id" FROM candidates)
  )`;

interface SummaryRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  erased_at: Date | null;
  created_at: Date;
  visits: number;
  last_visit: Date | null;
  next_appointment: Date | null;
  total_spent: number;
  no_shows: number;
  usual_days: number | null;
  due_date: string | Date | null;
}

function dateOnly(value: string | Date | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  // node-postgres gives a date column as a local-midnight Date: read it back in local time.
  const y = value.getFullYear();
  const m = String(value.getMonth() + 1).padStart(2, '0');
  const d = String(value.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function toSummary(row: SummaryRow, today: string): ClientSummary {
  const dueDate = dateOnly(row.due_date);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    tags: row.tags ?? [],
    visits: row.visits,
    lastVisit: row.last_visit ? row.last_visit.toISOString() : null,
    nextAppointment: row.next_appointment ? row.next_appointment.toISOString() : null,
    totalSpent: Math.round(Number(row.total_spent) * 100) / 100,
    noShows: row.no_shows,
    usualIntervalDays: row.usual_days,
    dueDate,
    overdue: Boolean(dueDate && dueDate < today && !row.next_appointment && !row.erased_at),
    lapsed: !row.erased_at && isLapsed(dueDate, row.usual_days, today, Boolean(row.next_appointment)),
    erased: row.erased_at !== null,
  };
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

/** A client of the shop the viewer may see (a barber: one they served, client-access.ts); 404 otherwise. */
export async function loadClient(manager: EntityManager, viewer: ClientViewer, clientId: string, lock = false) {
  if (!isUuid(clientId)) throw notFound(CLIENT_MESSAGES.notFound);
  const [row] = (await manager.query(
    `SELECT "id", "name", "email", "phone", "tags", "merged_into_id", "erased_at" FROM "clients"
     WHERE "id" = $1 AND "shop_id" = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [clientId, viewer.shop.id],
  )) as Array<{
    id: string;
    name: string;
    email: string | null;
    phone: string | null;
    tags: string[];
    merged_into_id: string | null;
    erased_at: Date | null;
  }>;
  if (!row || row.merged_into_id) throw notFound(CLIENT_MESSAGES.notFound);
  if (viewer.barberId && !(await hasServed(manager, clientId, viewer.barberId, viewer.now))) {
    throw notFound(CLIENT_MESSAGES.notFound);
  }
  return row;
}

/** GET /api/shops/{shopId}/clients/{clientId} */
export async function getClient(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  userId: string,
): Promise<ClientDetail> {
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  await loadClient(deps.dataSource.manager, viewer, clientId);
  return clientDetail(deps, viewer, clientId);
}

async function clientDetail(deps: ClientsDeps, viewer: ClientViewer, clientId: string): Promise<ClientDetail> {
  const manager = deps.dataSource.manager;
  const now = deps.now();
  const today = localDateOf(now, viewer.shop.timeZone);
  const [row] = (await manager.query(`WITH ${summaryCte('SELECT $5::uuid AS "id"')} SELECT s.* FROM summary s`, [
    viewer.shop.id,
    now,
    viewer.shop.timeZone,
    viewer.shop.currency,
    clientId,
  ])) as SummaryRow[];
  if (!row) throw notFound(CLIENT_MESSAGES.notFound);
  const appointments = (await manager.query(
    `SELECT a."id", a."starts_at", a."ends_at", a."status", a."source", a."service_name", a."service_price",
            a."currency", coalesce(b."name", '') AS "barber_name"
     FROM "appointments" a LEFT JOIN "barbers" b ON b."id" = a."barber_id"
     WHERE a."client_id" = $1 ORDER BY a."starts_at" DESC LIMIT 500`,
    [clientId],
  )) as Array<{
    id: string;
    starts_at: Date;
    ends_at: Date;
    status: ClientAppointment['status'];
    source: ClientAppointment['source'];
    service_name: string;
    service_price: string;
    currency: string;
    barber_name: string;
  }>;
  const notes = (await manager.query(
    `SELECT "id", "body", "author_name", "author_user_id", "created_at" FROM "client_notes"
     WHERE "client_id" = $1 ORDER BY "created_at" DESC, "id"`,
    [clientId],
  )) as Array<{ id: string; body: string; author_name: string; author_user_id: string | null; created_at: Date }>;
  const usual = await usualChoice(manager, clientId);
  return {
    ...toSummary(row, today),
    createdAt: row.created_at.toISOString(),
    usualService: usual.service,
    usualBarber: usual.barber,
    appointments: appointments.map((a) => ({
      id: a.id,
      startsAt: a.starts_at.toISOString(),
      endsAt: a.ends_at.toISOString(),
      status: a.status,
      source: a.source,
      serviceName: a.service_name,
      barberName: a.barber_name,
      price: Number(a.service_price),
      currency: a.currency.trim(),
    })),
    notes: notes.map((n) => toNote(n, viewer.userId)),
    currency: viewer.shop.currency,
    canManage: viewer.role === 'owner',
  };
}

function toNote(
  n: { id: string; body: string; author_name: string; author_user_id: string | null; created_at: Date },
  userId: string,
): ClientNote {
  return {
    id: n.id,
    body: n.body,
    authorName: n.author_name,
    createdAt: n.created_at.toISOString(),
    mine: n.author_user_id === userId,
  };
}

/** Their most frequent service and barber among appointments kept, both still offered by the shop. */
export async function usualChoice(manager: EntityManager, clientId: string) {
  const [service] = (await manager.query(
    `SELECT s."id", s."name" FROM "appointments" a JOIN "services" s ON s."id" = a."service_id"
     WHERE a."client_id" = $1 AND a."status" <> 'cancelled'
     GROUP BY s."id", s."name" ORDER BY count(*) DESC, max(a."starts_at") DESC LIMIT 1`,
    [clientId],
  )) as Array<{ id: string; name: string }>;
  const [barber] = (await manager.query(
    `SELECT b."id", b."name" FROM "appointments" a JOIN "barbers" b ON b."id" = a."barber_id"
     WHERE a."client_id" = $1 AND a."status" <> 'cancelled'
     GROUP BY b."id", b."name" ORDER BY count(*) DESC, max(a."starts_at") DESC LIMIT 1`,
    [clientId],
  )) as Array<{ id: string; name: string }>;
  return { service: service ?? null, barber: barber ?? null };
}

/** PATCH /api/shops/{shopId}/clients/{clientId} (owner): name and tags. */
export async function patchClient(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  userId: string,
  body: unknown,
): Promise<ClientDetail> {
  const patch = parseInput(ClientPatchSchema, body);
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  requireOwner(viewer);
  const client = await loadClient(deps.dataSource.manager, viewer, clientId);
  if (client.erased_at) throw conflict(CLIENT_MESSAGES.erased);
  const tags = patch.tags ? [...new Set(patch.tags)] : undefined;
  await deps.dataSource.query(
    `UPDATE "clients" SET "name" = coalesce($2, "name"), "tags" = coalesce($3::text[], "tags"), "updated_at" = now()
     WHERE "id" = $1`,
    [clientId, patch.name ?? null, tags ?? null],
  );
  return clientDetail(deps, viewer, clientId);
}

/** POST /api/shops/{shopId}/clients/{clientId}/notes: the owner, or a barber who served the client. */
export async function addNote(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  userId: string,
  body: unknown,
): Promise<ClientNote> {
  const input = parseInput(ClientNoteSchema, body);
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  const client = await loadClient(deps.dataSource.manager, viewer, clientId);
  if (client.erased_at) throw conflict(CLIENT_MESSAGES.erased);
  const [note] = (await deps.dataSource.query(
    `INSERT INTO "client_notes" ("client_id", "author_user_id", "author_name", "body") VALUES ($1, $2, $3, $4)
     RETURNING "id", "body", "author_name", "author_user_id", "created_at"`,
    [clientId, userId, viewer.authorName.slice(0, 200), input.body],
  )) as Array<{ id: string; body: string; author_name: string; author_user_id: string; created_at: Date }>;
  return toNote(note as NonNullable<typeof note>, userId);
}

/** DELETE /api/shops/{shopId}/clients/{clientId}/notes/{noteId}: its author, or the owner. */
export async function deleteNote(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  noteId: string,
  userId: string,
): Promise<void> {
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  await loadClient(deps.dataSource.manager, viewer, clientId);
  if (!isUuid(noteId)) throw notFound('Note not found');
  const [note] = (await deps.dataSource.query(
    `SELECT "author_user_id" FROM "client_notes" WHERE "id" = $1 AND "client_id" = $2`,
    [noteId, clientId],
  )) as Array<{ author_user_id: string | null }>;
  if (!note) throw notFound('Note not found');
  if (viewer.role !== 'owner' && note.author_user_id !== userId) throw forbidden(CLIENT_MESSAGES.notesOnlyOwn);
  await deps.dataSource.query(`DELETE FROM "client_notes" WHERE "id" = $1`, [noteId]);
}

/**
 * POST /api/shops/{shopId}/clients/{clientId}/merge (owner): the other record's appointments and notes move here,
 * tags are united, this record keeps its e-mail and phone and takes the other's where it has none; the other
 * stays as a pointer, so a later booking under its e-mail lands here.
 */
export async function mergeClients(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  userId: string,
  body: unknown,
): Promise<ClientDetail> {
  const { otherClientId } = parseInput(ClientMergeSchema, body);
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  requireOwner(viewer);
  if (otherClientId === clientId)
    throw badRequest(CLIENT_MESSAGES.mergeSelf, { otherClientId: CLIENT_MESSAGES.mergeSelf });
  await deps.dataSource.transaction(async (manager) => {
    // Both rows locked in a fixed order: two merges of the same pair cannot cross.
    const [first, second] = [clientId, otherClientId].sort();
    const a = await loadClient(manager, viewer, first as string, true);
    const b = await loadClient(manager, viewer, second as string, true);
    const [keep, fold] = a.id === clientId ? [a, b] : [b, a];
    if (keep.erased_at || fold.erased_at) throw conflict(CLIENT_MESSAGES.mergeErased);
    await reassignClient(manager, fold.id, keep.id);
    // Analytics' kept reports count clients (new, returning, retention): told at commit (analytics-cache.ts).
    await manager.query('SELECT pg_notify($1, $2)', [ANALYTICS_CHANNEL, `${viewer.shop.id}:clients`]);
    await manager.query(`UPDATE "client_notes" SET "client_id" = $1 WHERE "client_id" = $2`, [keep.id, fold.id]);
    await manager.query(`UPDATE "clients" SET "merged_into_id" = $1 WHERE "merged_into_id" = $2`, [keep.id, fold.id]);
    await manager.query(`UPDATE "clients" SET "merged_into_id" = $1, "updated_at" = now() WHERE "id" = $2`, [
      keep.id,
      fold.id,
    ]);
    const tags = [...new Set([...(keep.tags ?? []), ...(fold.tags ?? [])])].slice(0, CLIENT_LIMITS.tagsMax);
    await manager.query(
      `UPDATE "clients" SET "email" = coalesce("email", $2), "phone" = coalesce("phone", $3), "tags" = $4::text[],
         "updated_at" = now() WHERE "id" = $1`,
      [keep.id, fold.email, fold.phone, tags],
    );
  });
  return clientDetail(deps, viewer, clientId);
}

/** GET /api/shops/{shopId}/clients/{clientId}/export (owner): everything the shop holds about the person. */
export async function exportClient(deps: ClientsDeps, shopId: string, clientId: string, userId: string) {
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  requireOwner(viewer);
  const client = await loadClient(deps.dataSource.manager, viewer, clientId);
  const manager = deps.dataSource.manager;
  const appointments = (await manager.query(
    `SELECT a."id", a."starts_at" AS "startsAt", a."ends_at" AS "endsAt", a."status", a."source",
            a."service_name" AS "service", a."service_price"::float8 AS "price", a."currency",
            coalesce(b."name", '') AS "barber", a."client_name" AS "name", a."client_email" AS "email",
            a."client_phone" AS "phone", a."note", a."reminder_channel" AS "reminderChannel",
            a."reminder_consent_at" AS "reminderConsentAt", a."reminder_consent_text" AS "reminderConsentText",
            a."created_at" AS "bookedAt"
     FROM "appointments" a LEFT JOIN "barbers" b ON b."id" = a."barber_id"
     WHERE a."client_id" = $1 ORDER BY a."starts_at"`,
    [clientId],
  )) as unknown[];
  const notes = (await manager.query(
    `SELECT "body", "author_name" AS "author", "created_at" AS "createdAt" FROM "client_notes"
     WHERE "client_id" = $1 ORDER BY "created_at"`,
    [clientId],
  )) as unknown[];
  const texts = (await manager.query(
    `SELECT t."direction", t."channel", t."kind", t."phone", t."body", t."status", t."created_at" AS "at"
     FROM "text_messages" t
     WHERE t."shop_id" = $1 AND (t."appointment_id" IN (SELECT "id" FROM "appointments" WHERE "client_id" = $2)
       OR ($3::varchar IS NOT NULL AND t."phone" = $3))
     ORDER BY t."created_at"`,
    [viewer.shop.id, clientId, client.phone],
  )) as unknown[];
  return {
    exportedAt: deps.now().toISOString(),
    shop: { name: viewer.shop.name, slug: viewer.shop.slug },
    client: {
      id: client.id,
      name: client.name,
      email: client.email,
      phone: client.phone,
      tags: client.tags,
      erased: client.erased_at !== null,
    },
    appointments,
    notes,
    textMessages: texts,
  };
}

/**
 * DELETE /api/shops/{shopId}/clients/{clientId} (owner): erasure. The appointments stay for the books (date,
 * service, barber, price, status); every personal field goes, here and wherever it was copied, their series end and
 * their waitlist entries leave the line (client-erasure.ts says what goes where).
 */
export async function eraseClient(deps: ClientsDeps, shopId: string, clientId: string, userId: string): Promise<void> {
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  requireOwner(viewer);
  await deps.mailQueue.ready();
  await deps.dataSource.transaction(async (manager) => {
    await loadClient(manager, viewer, clientId, true);
    await eraseClientData(deps, manager, viewer.shop, clientId);
  });
}
