import { CLIENT_MESSAGES, normalizePhone, shopPhoneCountry } from '@barberly/common';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { EntityManager } from 'typeorm';
import type { ShopEntity } from '../shops/shop.entity';

/**
 * Who is being erased, and how their details are found and replaced in what stays (client-erasure.ts, decision 0172):
 * every record of the person and every name, address and number they were written under; patterns for the SQL that
 * finds rows naming them; and the rewriting of text and JSON that keeps its row.
 */

/** What stands in for a name, and for an e-mail or phone, in text that stays. */
export const ERASED_NAME = CLIENT_MESSAGES.erasedName;
export const ERASED_CONTACT = '[erased]';

export interface Person {
  ids: { clients: string[]; appointments: string[]; series: string[]; entries: string[]; holds: string[] };
  names: string[];
  emails: string[];
  /** E.164. */
  phones: string[];
}

const uniq = (values: Array<string | null | undefined>) => [
  ...new Set(values.map((v) => (v ?? '').trim()).filter((v) => v.length > 0)),
];

/** Every record of the person and every name, address and number they were written under, in this shop. */
export async function gather(manager: EntityManager, shop: ShopEntity, clientId: string): Promise<Person> {
  const clients = (await manager.query(
    `SELECT "id", "name", "email", "phone" FROM "clients" WHERE "shop_id" = $1 AND ("id" = $2 OR "merged_into_id" = $2)`,
    [shop.id, clientId],
  )) as Array<{ id: string; name: string; email: string | null; phone: string | null }>;
  const clientIds = clients.map((c) => c.id);
  const appointments = (await manager.query(
    `SELECT "id", "client_name", "client_email", "client_phone", "client_phone_e164", "series_id"
     FROM "appointments" WHERE "shop_id" = $1 AND "client_id" = ANY($2::uuid[])`,
    [shop.id, clientIds],
  )) as Array<{
    id: string;
    client_name: string;
    client_email: string;
    client_phone: string;
    client_phone_e164: string | null;
    series_id: string | null;
  }>;
  const emails = uniq([...clients.map((c) => c.email), ...appointments.map((a) => a.client_email)]).map((e) =>
    e.toLowerCase(),
  );
  const series = (await manager.query(
    `SELECT "id", "client_name", "client_email", "client_phone" FROM "appointment_series"
     WHERE "shop_id" = $1 AND ("client_id" = ANY($2::uuid[]) OR "id" = ANY($3::uuid[]) OR lower("client_email") = ANY($4::text[]))`,
    [shop.id, clientIds, uniq(appointments.map((a) => a.series_id)), emails],
  )) as Array<{ id: string; client_name: string; client_email: string; client_phone: string }>;
  const entries = (await manager.query(
    `SELECT "id", "client_name", "client_email", "client_phone" FROM "waitlist_entries"
     WHERE "shop_id" = $1 AND ("client_id" = ANY($2::uuid[]) OR lower("client_email") = ANY($3::text[]))`,
    [shop.id, clientIds, emails],
  )) as Array<{ id: string; client_name: string; client_email: string; client_phone: string }>;
  const holds = (await manager.query(`SELECT "id" FROM "slot_holds" WHERE "waitlist_entry_id" = ANY($1::uuid[])`, [
    entries.map((e) => e.id),
  ])) as Array<{ id: string }>;

  const country = shopPhoneCountry(shop);
  const typed = [
    ...clients.map((c) => c.phone),
    ...appointments.flatMap((a) => [a.client_phone, a.client_phone_e164]),
    ...series.map((s) => s.client_phone),
    ...entries.map((e) => e.client_phone),
  ];
  return {
    ids: {
      clients: clientIds,
      appointments: appointments.map((a) => a.id),
      series: series.map((s) => s.id),
      entries: entries.map((e) => e.id),
      holds: holds.map((h) => h.id),
    },
    names: uniq([
      ...clients.map((c) => c.name),
      ...appointments.map((a) => a.client_name),
      ...series.map((s) => s.client_name),
      ...entries.map((e) => e.client_name),
    ]).filter((name) => name !== ERASED_NAME && name.length >= 2),
    emails: uniq([...emails, ...series.map((s) => s.client_email), ...entries.map((e) => e.client_email)]).map((e) =>
      e.toLowerCase(),
    ),
    phones: uniq(typed.map((p) => (p ? normalizePhone(p, country) : null))),
  };
}

/** For PostgreSQL's regular expressions: letters, digits and spaces stay; anything else is escaped. */
const escapeSql = (text: string) => text.replace(/[^\p{L}\p{N}\s]/gu, (c) => `\\${c}`);
/** For JS's (unicode mode accepts escapes of syntax characters only). */
const escapeJs = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Matches nothing (an empty list of alternatives). */
export const NOTHING = 'a^';

/**
 * The phone's national digits with up to two separators between each, the country code optional before them:
 * +12125550177 matches '212-555-0177', '(212) 555 0177' and '+1 212.555.0177'.
 */
function phonePattern(e164: string): string | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return null;
  const digits = [...parsed.nationalNumber].join('[-. ()]{0,2}');
  return `(\\+?${parsed.countryCallingCode}[-. ()]{0,3})?${digits}`;
}

/** A full name (two words or more) finds rows on its own; a lone first name only inside rows found otherwise. */
const fullNames = (person: Person) => person.names.filter((name) => name.split(/\s+/).length >= 2);

/**
 * A regular expression (PostgreSQL ARE, case-insensitive with ~*) for the person's e-mails, phones and full names,
 * as whole words.
 */
export function contactSql(person: Person): string {
  const parts = [
    ...person.emails.map(escapeSql),
    ...fullNames(person).map((name) => `\\m${name.split(/\s+/).map(escapeSql).join('\\s+')}\\M`),
    ...person.phones
      .map((p) => phonePattern(p))
      .filter((p): p is string => p !== null)
      .map((p) => `(^|[^0-9])${p}($|[^0-9])`),
  ];
  return parts.length ? parts.join('|') : NOTHING;
}

/** Replaces the person's e-mails, phones and names in a string. */
function redactText(text: string, person: Person): string {
  let out = text;
  for (const email of person.emails) out = out.replace(new RegExp(escapeJs(email), 'giu'), ERASED_CONTACT);
  for (const phone of person.phones) {
    const pattern = phonePattern(phone);
    if (pattern) out = out.replace(new RegExp(`(?<![0-9])${pattern}(?![0-9])`, 'g'), ERASED_CONTACT);
  }
  // Longest first: 'Eve Stone' before a lone 'Eve'.
  for (const name of [...person.names].sort((a, b) => b.length - a.length)) {
    const words = name.split(/\s+/).map(escapeJs).join('\\s+');
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'giu'), ERASED_NAME);
  }
  return out;
}

/** The same through a JSON value: every string (keys stay). */
function redactJson(value: unknown, person: Person): unknown {
  if (typeof value === 'string') return redactText(value, person);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, person));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJson(v, person)]));
  }
  return value;
}

/**
 * Rewrites the given text and jsonb columns of the rows (of `table`, keyed by `key`) that `where` selects (with
 * `params`: by convention $1 the contact pattern, $2 the pattern of the person's ids).
 */
export async function redactRows(
  manager: EntityManager,
  person: Person,
  table: string,
  key: string,
  columns: Array<{ name: string; json: boolean }>,
  where: string,
  params: unknown[],
): Promise<void> {
  const rows = (await manager.query(
    `SELECT ${key} AS "key", ${columns.map((c) => `"${c.name}"`).join(', ')} FROM ${table} WHERE ${where}`,
    params,
  )) as Array<Record<string, unknown>>;
  for (const row of rows) {
    const values = columns.map((c) => {
      const value = row[c.name];
      if (value === null || value === undefined) return null;
      return c.json ? JSON.stringify(redactJson(value, person)) : redactText(String(value), person);
    });
    await manager.query(
      `UPDATE ${table} SET ${columns.map((c, i) => `"${c.name}" = $${i + 2}${c.json ? '::jsonb' : ''}`).join(', ')}
       WHERE ${key} = $1`,
      [row.key, ...values],
    );
  }
}
