import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeedInfo } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { escapeIcsText, foldIcsLine } from '../mail/ics';

/**
 * Calendar feeds (issue 26 item 5, decision 0183): a private iCalendar address per barber (their chair) and per
 * owner (the whole shop) that Google, Apple or Outlook calendar subscribe to. The token is 256 random bits, shown
 * once when made; only its sha256 is stored, so a database read does not give anyone the feed. Making a new one
 * replaces the old (one live feed per person and scope); revoking deletes it, and its address answers 404.
 */

export interface FeedScope {
  shopId: string;
  /** null: the whole shop (the owner's feed). */
  barberId: string | null;
  userId: string;
}

/** The feed covers the last 7 days and the next 60. */
export const FEED_DAYS_BACK = 7;
export const FEED_DAYS_AHEAD = 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (publicOrigin: string, token: string) =>
  `${new URL(publicOrigin).origin}/api/calendar/${token}.ics`;

const scopeWhere = `"shop_id" = $1 AND "user_id" = $2 AND "barber_id" IS NOT DISTINCT FROM $3::uuid`;

export async function feedInfo(manager: EntityManager, scope: FeedScope): Promise<CalendarFeedInfo> {
  const rows = (await manager.query(`SELECT 1 FROM "calendar_feeds" WHERE ${scopeWhere}`, [
    scope.shopId,
    scope.userId,
    scope.barberId,
  ])) as unknown[];
  return { active: rows.length > 0, url: null };
}

/** Makes (or replaces) the scope's feed and returns its address, the only time the token is seen. */
export async function makeFeed(
  manager: EntityManager,
  scope: FeedScope,
  publicOrigin: string,
): Promise<CalendarFeedInfo> {
  const token = randomBytes(32).toString('base64url');
  await manager.transaction(async (tx) => {
    await tx.query(`DELETE FROM "calendar_feeds" WHERE ${scopeWhere}`, [scope.shopId, scope.userId, scope.barberId]);
    await tx.query(
      `INSERT INTO "calendar_feeds" ("shop_id", "barber_id", "user_id", "token_hash") VALUES ($1, $2, $3, $4)`,
      [scope.shopId, scope.barberId, scope.userId, sha256(token)],
    );
  });
  return { active: true, url: feedUrl(publicOrigin, token) };
}

export async function revokeFeed(manager: EntityManager, scope: FeedScope): Promise<void> {
  await manager.query(`DELETE FROM "calendar_feeds" WHERE ${scopeWhere}`, [scope.shopId, scope.userId, scope.barberId]);
}

export interface FeedBody {
  body: string;
  etag: string;
  lastModified: Date;
}

interface FeedRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  client_name: string;
  service_name: string;
  status: string;
  version: number;
  updated_at: Date;
  barber_name: string;
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** 'Ana María López' → 'Ana'; the feed carries no more of the client than that (no phone, no e-mail). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The feed of a token, or null when there is none (never made, replaced or revoked). Every event's DTSTAMP is its
 * appointment's last change, so the same appointments give the same bytes: the ETag is their hash and a calendar
 * app asking again with it gets 304 until something in the window changes.
 */
export async function loadFeed(manager: EntityManager, token: string, now: Date): Promise<FeedBody | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [feed] = (await manager.query(
    `SELECT f."shop_id", f."barber_id", f."created_at", s."name" AS "shop_name"
     FROM "calendar_feeds" f JOIN "shops" s ON s."id" = f."shop_id" WHERE f."token_hash" = $1`,
    [sha256(token)],
  )) as Array<{ shop_id: string; barber_id: string | null; created_at: Date; shop_name: string }>;
  if (!feed) return null;
  const from = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
  const to = new Date(now.getTime() + FEED_DAYS_AHEAD * 86_400_000);
  const rows = (await manager.query(
    `SELECT a."id", a."starts_at", a."ends_at", a."client_name", a."service_name", a."status", a."version",
            a."updated_at", coalesce(b."name", '') AS "barber_name"
     FROM "appointments" a LEFT JOIN "barbers" b ON b."id" = a."barber_id"
     WHERE a."shop_id" = $1 AND ($2::uuid IS NULL OR a."barber_id" = $2::uuid)
       AND a."starts_at" < $4 AND a."ends_at" > $3 AND a."status" <> 'cancelled'
     ORDER BY a."starts_at", a."id"`,
    [feed.shop_id, feed.barber_id, from, to],
  )) as FeedRow[];
  const name = feed.barber_id ? `${rows[0]?.barber_name || 'My chair'} · ${feed.shop_name}` : feed.shop_name;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Barberly//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
  ];
  // A cancellation takes its event out of the feed: its time counts as a change too.
  const [{ changed }] = (await manager.query(
    `SELECT max(a."updated_at") AS "changed" FROM "appointments" a
     WHERE a."shop_id" = $1 AND ($2::uuid IS NULL OR a."barber_id" = $2::uuid) AND a."starts_at" < $4 AND a."ends_at" > $3`,
    [feed.shop_id, feed.barber_id, from, to],
  )) as [{ changed: Date | null }];
  let lastModified = new Date(feed.created_at);
  if (changed && new Date(changed) > lastModified) lastModified = new Date(changed);
  for (const r of rows) {
    const updated = new Date(r.updated_at);
    if (updated > lastModified) lastModified = updated;
    const who = firstName(r.client_name);
    const summary = `${who ? `${who} · ` : ''}${r.service_name}${feed.barber_id ? '' : ` (${r.barber_name})`}`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${r.id}@barberly`,
      `SEQUENCE:${r.version}`,
      `DTSTAMP:${utc(updated)}`,
      `DTSTART:${utc(new Date(r.starts_at))}`,
      `DTEND:${utc(new Date(r.ends_at))}`,
      `SUMMARY:${escapeIcsText(summary)}`,
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  const body = `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
  return { body, etag: `"${sha256(body).slice(0, 32)}"`, lastModified };
}
