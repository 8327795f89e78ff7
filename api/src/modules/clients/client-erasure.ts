// One cohesive thing: erasing a person is one transaction over every table that copies their details; one file keeps that list complete and checkable against client-erasure.int.test.ts.
import { CLIENT_MESSAGES, localDateOf, normalizePhone, shopPhoneCountry } from '@barberly/common';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { EntityManager } from 'typeorm';
import { loadAppointmentContext } from '../appointments/appointment-view';
import { cancelAppointment, eraseClientDetails } from '../appointments/lifecycle';
import type { BookingMailQueue } from '../mail/mail-queue';
import type { ShopEntity } from '../shops/shop.entity';
import { enqueueWaitlistCheck } from '../waitlist/waitlist-queue';

/**
 * Erasure (issue 13; issue 23 finding 4; decision 0172): everything the shop holds that names the person goes, in the
 * caller's transaction, wherever it was copied. The books stay (date, service, barber, price, status), and so does a
 * STOP (text_opt_outs, text_sender_opt_outs: the number must not be texted again, which is why it is kept).
 *
 *   - their series end (status 'cancelled'); its visits still ahead are cancelled without any mail or text (the
 *     person asked to be forgotten, not told), their reminders go stale, and the freed time goes to the waitlist;
 *   - their waitlist entries leave the line and their holds are released (the slot passes on); the links mailed for
 *     them stop working (new random token hashes);
 *   - name, e-mail and phone are cleared from clients, appointments, appointment_series and waitlist_entries;
 *   - what the assistant kept: a texting client's own conversation is deleted; proposals, the audit log and other
 *     conversations keep their rows (what was done, and by whom) with the person's name, e-mail and phone replaced;
 *     a proposal still waiting for a YES expires;
 *   - texts: numbers, bodies and the queued job of their texts cleared; the shop's take-over and "which shop" choice
 *     for the number deleted; replies held for a choice of shop no longer offer this shop;
 *   - the durable queue (pg-boss): every job still waiting that concerns them (their appointments, entries, holds,
 *     or naming their e-mail or phone) deleted; finished jobs that name them redacted.
 *
 * Matching in free text (jsonb, bodies): the e-mail case-insensitively; the phone by its digits, written with any
 * spaces, dots, dashes or brackets, with or without the country code ('+1 (212) 555-0177', '212.555.0177'); a full
 * name (two words or more; whole words, any case) anywhere; a lone first name only inside rows already found by
 * e-mail, phone, full name or one of their ids, so that another client called "Sam" keeps their name.
 */

export interface ErasureDeps {
  mailQueue: BookingMailQueue;
  now: () => Date;
}

/** What stands in for a name, and for an e-mail or phone, in text that stays. */
export const ERASED_NAME = CLIENT_MESSAGES.erasedName;
export const ERASED_CONTACT = '[erased]';

interface Person {
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
async function gather(manager: EntityManager, shop: ShopEntity, clientId: string): Promise<Person> {
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
const NOTHING = 'a^';

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
function contactSql(person: Person): string {
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
async function redactRows(
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

const tableExists = async (manager: EntityManager, name: string) =>
  ((await manager.query('SELECT to_regclass($1) IS NOT NULL AS "ok"', [name])) as Array<{ ok: boolean }>)[0]?.ok ===
  true;

/** A fresh random value for a token hash column (64 hex characters): the old link stops working. */
const RANDOM_HASH = `replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

export async function eraseClientData(
  deps: ErasureDeps,
  manager: EntityManager,
  shop: ShopEntity,
  clientId: string,
): Promise<void> {
  const now = deps.now();
  const person = await gather(manager, shop, clientId);
  const { ids } = person;
  const contact = contactSql(person);
  const allIds = [...ids.appointments, ...ids.series, ...ids.entries, ...ids.holds];
  const idsPattern = allIds.length ? allIds.join('|') : NOTHING;
  const freedDays = new Set<string>();

  // Their series end; the visits still ahead are cancelled without a word (no cancellation mail or text).
  // Each through the lifecycle (issue 24), quietly: its event says so, and the waitlist's listener offers the time.
  const ahead = (await manager.query(
    `SELECT "id" FROM "appointments" WHERE "series_id" = ANY($1::uuid[]) AND "status" = 'confirmed' AND "starts_at" > $2
     ORDER BY "starts_at" FOR UPDATE`,
    [ids.series, now],
  )) as Array<{ id: string }>;
  for (const visit of ahead) {
    const ctx = await loadAppointmentContext(manager, { id: visit.id });
    if (!ctx) continue;
    await cancelAppointment(deps, manager, ctx, { actor: { kind: 'staff' }, reason: 'client erased', quiet: true });
    if (!ids.appointments.includes(visit.id)) ids.appointments.push(visit.id);
  }
  await manager.query(
    `UPDATE "appointment_series" SET "status" = CASE WHEN "status" = 'active' THEN 'cancelled' ELSE "status" END,
       "client_name" = $2, "client_email" = '', "client_phone" = '', "manage_token_hash" = NULL, "updated_at" = now()
     WHERE "id" = ANY($1::uuid[])`,
    [ids.series, ERASED_NAME],
  );
  await manager.query(
    `UPDATE "series_collisions" SET "status" = 'dismissed' WHERE "series_id" = ANY($1::uuid[]) AND "status" = 'open'`,
    [ids.series],
  );

  // Their waitlist entries leave the line; held slots pass on.
  await manager.query(
    `UPDATE "waitlist_entries" SET "status" = CASE WHEN "status" IN ('waiting', 'offered') THEN 'left' ELSE "status" END,
       "client_name" = $2, "client_email" = '', "client_phone" = '', "manage_token_hash" = ${RANDOM_HASH},
       "updated_at" = now()
     WHERE "id" = ANY($1::uuid[])`,
    [ids.entries, ERASED_NAME],
  );
  const released = (await manager.query(
    `UPDATE "slot_holds" SET "status" = 'released' WHERE "id" = ANY($1::uuid[]) AND "status" = 'active'
     RETURNING "starts_at"`,
    [ids.holds],
  )) as [Array<{ starts_at: Date }>, number];
  for (const hold of released[0]) freedDays.add(localDateOf(hold.starts_at, shop.timeZone));
  await manager.query(`UPDATE "slot_holds" SET "token_hash" = ${RANDOM_HASH} WHERE "id" = ANY($1::uuid[])`, [
    ids.holds,
  ]);
  for (const day of freedDays) await enqueueWaitlistCheck(manager, deps.mailQueue, shop.id, day);

  // The books stay; the person goes.
  await eraseClientDetails(manager, ids.appointments, ERASED_NAME);
  await manager.query(
    `UPDATE "booking_idempotency_keys" SET "response" = NULL WHERE "appointment_id" = ANY($1::uuid[])`,
    [ids.appointments],
  );

  // Texts: theirs cleared; others of the shop that quote them redacted.
  await manager.query(
    `UPDATE "text_messages" SET "phone" = '', "body" = '', "error" = NULL, "job" = NULL, "updated_at" = now()
     WHERE "shop_id" = $1 AND ("appointment_id" = ANY($2::uuid[]) OR "phone" = ANY($3::text[]))`,
    [shop.id, ids.appointments, person.phones],
  );
  await redactRows(
    manager,
    person,
    '"text_messages"',
    '"id"',
    [
      { name: 'body', json: false },
      { name: 'error', json: false },
      { name: 'job', json: true },
    ],
    `"shop_id" = $3 AND ("body" ~* $1 OR "error" ~* $1 OR "job"::text ~* $1 OR "job"::text ~* $2)`,
    [contact, idsPattern, shop.id],
  );
  if (await tableExists(manager, 'public.text_takeovers')) {
    await manager.query(`DELETE FROM "text_takeovers" WHERE "shop_id" = $1 AND "phone" = ANY($2::text[])`, [
      shop.id,
      person.phones,
    ]);
  }
  if (await tableExists(manager, 'public.text_shop_choices')) {
    await manager.query(`DELETE FROM "text_shop_choices" WHERE "shop_id" = $1 AND "phone" = ANY($2::text[])`, [
      shop.id,
      person.phones,
    ]);
  }
  if (await tableExists(manager, 'public.text_held_replies')) {
    // Held for the client to name a shop (the shared sender): this shop is no longer one to offer. Its place in the
    // list stays empty rather than close up: the client answers the numbers they were sent, and "1" meaning this
    // shop must not become the next shop's (the held texts would reach it).
    await manager.query(
      `UPDATE "text_held_replies" SET "options" = array_replace("options", $1::uuid, NULL)
       WHERE "phone" = ANY($2::text[]) AND $1::uuid = ANY("options")`,
      [shop.id, person.phones],
    );
    await manager.query(`DELETE FROM "text_held_replies" WHERE array_remove("options", NULL) = '{}'::uuid[]`);
  }

  // The assistant: a texting client's own conversation goes; elsewhere their details are replaced.
  const conversations = person.phones.map((p) => `phone:${p}`);
  await manager.query(`DELETE FROM "assistant_messages" WHERE "shop_id" = $1 AND "conversation" = ANY($2::text[])`, [
    shop.id,
    conversations,
  ]);
  await redactRows(
    manager,
    person,
    '"assistant_messages"',
    '"id"',
    [{ name: 'content', json: true }],
    `"shop_id" = $3 AND ("content"::text ~* $1 OR "content"::text ~* $2)`,
    [contact, idsPattern, shop.id],
  );
  await manager.query(
    `UPDATE "assistant_proposals" SET "status" = 'expired', "decided_at" = $3
     WHERE "shop_id" = $1 AND "status" = 'pending' AND ("conversation" = ANY($2::text[]) OR "args"::text ~* $4
       OR "args"::text ~* $5 OR "summary" ~* $4)`,
    [shop.id, conversations, now, contact, idsPattern],
  );
  await redactRows(
    manager,
    person,
    '"assistant_proposals"',
    '"id"',
    [
      { name: 'conversation', json: false },
      { name: 'actor', json: true },
      { name: 'args', json: true },
      { name: 'summary', json: false },
      { name: 'displaces', json: true },
      { name: 'result', json: true },
    ],
    `"shop_id" = $3 AND ("conversation" ~* $1 OR "actor"::text ~* $1 OR "args"::text ~* $1 OR "summary" ~* $1
       OR "displaces"::text ~* $1 OR "result"::text ~* $1 OR "args"::text ~* $2 OR "result"::text ~* $2
       OR "displaces"::text ~* $2)`,
    [contact, idsPattern, shop.id],
  );
  await redactRows(
    manager,
    person,
    '"assistant_audit"',
    '"id"',
    [
      { name: 'confirmed_by', json: true },
      { name: 'args', json: true },
      { name: 'detail', json: true },
    ],
    `"shop_id" = $3 AND ("confirmed_by"::text ~* $1 OR "args"::text ~* $1 OR "detail"::text ~* $1
       OR "args"::text ~* $2 OR "detail"::text ~* $2)`,
    [contact, idsPattern, shop.id],
  );

  // The durable queue: what still waits for them is dropped; finished jobs naming them are redacted.
  await deps.mailQueue.ready();
  await manager.query(
    `DELETE FROM pgboss.job WHERE "state" IN ('created', 'retry')
       AND ("data"->>'appointmentId' = ANY($1::text[]) OR "data"->>'entryId' = ANY($2::text[])
         OR "data"->>'holdId' = ANY($3::text[])
         OR ("data"::text ~* $4 AND coalesce("data"->>'shopId', $5) = $5))`,
    [ids.appointments, ids.entries, ids.holds, contact, shop.id],
  );
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    if (!(await tableExists(manager, table))) continue;
    await redactRows(
      manager,
      person,
      table,
      '"id"',
      [
        { name: 'data', json: true },
        { name: 'output', json: true },
      ],
      // Another shop's job (one naming its shop) is that shop's to keep.
      `("data"::text ~* $1 OR "output"::text ~* $1) AND coalesce("data"->>'shopId', $2) = $2`,
      [contact, shop.id],
    );
  }

  await manager.query(`DELETE FROM "client_notes" WHERE "client_id" = ANY($1::uuid[])`, [ids.clients]);
  await manager.query(
    `UPDATE "clients" SET "name" = $2, "email" = NULL, "phone" = NULL, "tags" = '{}', "erased_at" = now(),
       "updated_at" = now() WHERE "id" = ANY($1::uuid[])`,
    [ids.clients, ERASED_NAME],
  );
}
