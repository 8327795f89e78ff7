import type { AssistantEvent, AssistantProposal, SeriesResult, WaitlistJoined } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import { type ScriptedLlm, startScriptedLlm } from '../assistant/scripted-llm.test-helper';
import { BOOKING_MAIL_QUEUE } from '../mail/mail-queue';
import { bearer } from '../shops/shops.test-helper';
import { WAITLIST_CHECK_QUEUE } from '../waitlist/waitlist-queue';

/**
 * Issue 23, finding 4: after DELETE /api/shops/{id}/clients/{clientId} nothing the shop holds names the person.
 *
 * COLUMNS classifies every column of the schema that could hold a client's details: each one named like a name,
 * an e-mail or a phone, and each free-text or JSON one (text, text[], json, jsonb), read from the migrations under
 * api/src/migrations/ and pg-boss's tables. A new column of that kind that is not classified here fails the
 * first test: decide whether erasure must clear it (and make it), then add it. The second test fills every place
 * the shop can copy a client to, erases the client, and checks each 'erased' column row by row.
 */
type Rule =
  /** After an erase no row of it names the person (optionally only the rows `where` selects; $1 is the shop). */
  | { erased: true; where?: string }
  /** Never a client's details, or kept on purpose: why. */
  | { erased: false; why: string };

const ERASED: Rule = { erased: true };
const not = (why: string): Rule => ({ erased: false, why });
const ACCOUNTS = not("a user account's or sign-in's own data, not a client's");
const SHOP = not("the shop's own public or settings data");
const STAFF = not("a barber's own details");
const CODE = not('a fixed code, status or identifier written by the app');

const COLUMNS: Record<string, Rule> = {
  // Clients and their notes.
  'clients.name': ERASED,
  'clients.email': ERASED,
  'clients.phone': ERASED,
  'clients.tags': ERASED,
  'client_notes.body': ERASED,
  'client_notes.author_name': not('the note writer: the owner or a barber'),
  // Appointments keep the books, not the person.
  'appointments.client_name': ERASED,
  'appointments.client_email': ERASED,
  'appointments.client_phone': ERASED,
  'appointments.client_phone_e164': ERASED,
  // The appointment's history (issue 24) keeps bookable facts only: status, times, barber, service, price.
  'appointment_events.before': not('status, times, barber, service and price; never the client'),
  'appointment_events.after': not('status, times, barber, service and price; never the client'),
  'appointment_events.data': not('how it followed (series, channel, quiet); never the client'),
  'appointment_events.reason': not("the system's words for why ('client erased', a text reply)"),
  'appointments.note': ERASED,
  'appointments.reminder_consent_text': ERASED,
  'appointments.service_name': not("the shop's service, as booked"),
  'appointment_items.service_name': not("the shop's service, as booked"),
  'booking_idempotency_keys.response': ERASED,
  'appointment_series.client_name': ERASED,
  'appointment_series.client_email': ERASED,
  'appointment_series.client_phone': ERASED,
  'appointment_series.rrule': not('the rule of the dates (RFC 5545)'),
  'waitlist_entries.client_name': ERASED,
  'waitlist_entries.client_email': ERASED,
  'waitlist_entries.client_phone': ERASED,
  // Texts.
  'text_messages.phone': ERASED,
  'text_messages.body': ERASED,
  'text_messages.error': ERASED,
  'text_messages.job': ERASED,
  'text_opt_outs.phone': not('a STOP is kept so the number is never texted again (decision 0172)'),
  'text_sender_opt_outs.phone': not('a STOP on the shared sender is kept, as the carrier keeps it (decision 0172)'),
  'text_takeovers.phone': ERASED,
  'text_shop_choices.phone': ERASED,
  // Held for the client to name a shop: the shared sender's, for the other shops offered; this shop is dropped.
  'text_held_replies.phone': { erased: true, where: `$1::uuid = ANY("options")` },
  'text_held_replies.body': { erased: true, where: `$1::uuid = ANY("options")` },
  // The assistant.
  'assistant_messages.content': ERASED,
  'assistant_messages.conversation': ERASED,
  'assistant_proposals.conversation': ERASED,
  'assistant_proposals.actor': ERASED,
  'assistant_proposals.args': ERASED,
  'assistant_proposals.summary': ERASED,
  'assistant_proposals.displaces': ERASED,
  'assistant_proposals.result': ERASED,
  'assistant_audit.confirmed_by': ERASED,
  'assistant_audit.args': ERASED,
  'assistant_audit.detail': ERASED,
  // The durable queue (pg-boss).
  'pgboss.job.data': ERASED,
  'pgboss.job.output': ERASED,
  'pgboss.archive.data': ERASED,
  'pgboss.archive.output': ERASED,
  'pgboss.job.name': CODE,
  'pgboss.job.singleton_key': CODE,
  'pgboss.job.dead_letter': CODE,
  'pgboss.job.policy': CODE,
  'pgboss.archive.name': CODE,
  'pgboss.archive.singleton_key': CODE,
  'pgboss.archive.dead_letter': CODE,
  'pgboss.archive.policy': CODE,
  'pgboss.queue.name': CODE,
  'pgboss.queue.policy': CODE,
  'pgboss.queue.dead_letter': CODE,
  'pgboss.queue.partition_name': CODE,
  'pgboss.schedule.name': CODE,
  'pgboss.schedule.cron': CODE,
  'pgboss.schedule.timezone': CODE,
  'pgboss.schedule.data': not('recurring jobs of the app (none carry a client)'),
  'pgboss.schedule.options': CODE,
  'pgboss.subscription.name': CODE,
  'pgboss.subscription.event': CODE,
  // Never a client's.
  'users.email': ACCOUNTS,
  'users.first_name': ACCOUNTS,
  'users.last_name': ACCOUNTS,
  'users.profile_image_url': ACCOUNTS,
  'auth_users.email': ACCOUNTS,
  'auth_users.email_change': ACCOUNTS,
  'auth_users.email_change_token_hash': ACCOUNTS,
  'auth_users.email_change_sent_at': ACCOUNTS,
  'auth_users.email_confirmed_at': ACCOUNTS,
  'auth_users.raw_user_meta_data': ACCOUNTS,
  'auth_users.raw_app_meta_data': ACCOUNTS,
  'auth_identities.email': ACCOUNTS,
  'auth_identities.identity_data': ACCOUNTS,
  'auth_flow_states.redirect_to': ACCOUNTS,
  'auth_signing_keys.private_jwk': not("the auth service's signing keys"),
  'auth_signing_keys.public_jwk': not("the auth service's signing keys"),
  'operator_email_proofs.email': ACCOUNTS,
  'operator_audit.operator_email': ACCOUNTS,
  'operator_audit.before': not("a shop's trial dates before an operator's change"),
  'operator_audit.after': not("a shop's trial dates after an operator's change"),
  'leads.full_name': not('a barbershop owner who asked about Barberly (the marketing form)'),
  'leads.email': not('a barbershop owner who asked about Barberly (the marketing form)'),
  'leads.phone': not('a barbershop owner who asked about Barberly (the marketing form)'),
  'leads.barbershop_name': not('a barbershop owner who asked about Barberly (the marketing form)'),
  'shops.name': SHOP,
  'shops.bio': SHOP,
  'shops.phone_number': SHOP,
  'shops.logo_url': SHOP,
  'shops.hours_json': SHOP,
  'shops.branding_json': SHOP,
  'shops.text_templates': SHOP,
  'shops.text_countries': SHOP,
  'shop_domains.reason': not('why a domain check failed (DNS)'),
  'shop_domains.hostname': SHOP,
  'services.name': SHOP,
  'services.description': SHOP,
  'barbers.name': STAFF,
  'barbers.email': STAFF,
  'barbers.bio': STAFF,
  'barbers.profile_image_url': STAFF,
  'barbers.hours_json': STAFF,
  'barbers.permissions': STAFF,
  'barbers.notify_email': not('which mails a barber wants (their own settings)'),
  'users.notify_email': not('which mails a staff member wants (their own settings, issue 26)'),
  'users.notify_push': not('which pushes a staff member wants (their own settings, issue 26)'),
  'analytics_day_rollups.service_name': not("the shop's service in a day's totals (issue 29); never the client"),
  'shops.barber_permissions': SHOP,
  // Payments (issue 27): the shop's policy and its wording as a client accepted it; no client details.
  'payment_policies.deposit': SHOP,
  'payment_policies.late_cancel_fee': SHOP,
  'payment_policies.no_show_fee': SHOP,
  'payment_checkouts.policy': SHOP,
  'payment_checkouts.policy_text': SHOP,
  'payment_checkouts.reminders': not('the reminder channel chosen and when consent was given (no contact details)'),
  'appointment_payment_terms.policy': SHOP,
  'appointment_payment_terms.policy_text': SHOP,
  'appointment_payments.items': SHOP,
  'migrations.name': CODE,
};

/** The schema's columns ('table.column', 'schema.table.column' outside public); only those that could hold a client's
 * details (named like a name, an e-mail or a phone, or free text or JSON) unless `all`. */
async function columnsOf(db: TestDatabase, all = false): Promise<string[]> {
  const rows = (await db.dataSource.query(
    `SELECT n.nspname AS "schema", c.relname AS "table", a.attname AS "column"
     FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       AND a.attnum > 0 AND NOT a.attisdropped
       AND ($1 OR a.attname ~* '(name|email|phone)'
         OR format_type(a.atttypid, a.atttypmod) IN ('text', 'text[]', 'json', 'jsonb'))
     ORDER BY 1, 2, 3`,
    [all],
  )) as Array<{ schema: string; table: string; column: string }>;
  return rows.map((r) => (r.schema === 'public' ? `${r.table}.${r.column}` : `${r.schema}.${r.table}.${r.column}`));
}

let db: TestDatabase;
let app: BookingTestApp;
let llm: ScriptedLlm;
let owner: TestUser;
/** Wednesday 2026-12-02, 10:07 in New York (15:07Z). */
const NOW = '2026-12-02T15:07:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  llm = await startScriptedLlm();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: { PUBLIC_ORIGIN: 'http://localhost:3000', LLM_BASE_URL: llm.url, LLM_MODEL: 'scripted' },
  });
  owner = await signUpTestUser(app);
  // pg-boss's tables exist once the queue has started (the api starts it with the first booking).
  await app.mailQueue.ready();
});
afterAll(async () => {
  await app?.close();
  await llm?.close();
  await db?.drop();
});

const EVE = { name: 'Eve Stone', email: 'Eve.Stone@example.com', phone: '+1 (212) 555-0177' };
const NOAH = { name: 'Noah Park', email: 'noah@example.com', phone: '+1 646 555 0142' };
/**
 * Anything naming Eve, as PostgreSQL reads a column's text: her e-mail, her full name, or her number's digits
 * written any way ('+12125550177', '212-555-0177', '(212) 555 0177').
 */
const NAMES_EVE = `eve\\.stone@example\\.com|eve stone|${[...'2125550177'].join('[^0-9a-z]{0,3}')}`;

const table = (key: string) => {
  const parts = key.split('.');
  return parts.length === 3
    ? { sql: `${parts[0]}."${parts[1]}"`, column: parts[2]! }
    : { sql: `"${parts[0]}"`, column: parts[1]! };
};

async function tableExists(name: string): Promise<boolean> {
  const [row] = (await db.dataSource.query('SELECT to_regclass($1) IS NOT NULL AS "ok"', [name])) as Array<{
    ok: boolean;
  }>;
  return row?.ok === true;
}

/** The rows of an 'erased' column still naming Eve. */
async function stillNamingEve(key: string, rule: Extract<Rule, { erased: true }>, shop: TestShop): Promise<number> {
  const { sql, column } = table(key);
  const params: unknown[] = [NAMES_EVE];
  let where = `"${column}"::text ~* $1`;
  if (rule.where) {
    params.push(shop.id);
    where += ` AND (${rule.where.replaceAll('$1', '$2')})`;
  }
  const [row] = (await db.dataSource.query(`SELECT count(*)::int AS "n" FROM ${sql} WHERE ${where}`, params)) as Array<{
    n: number;
  }>;
  return row?.n ?? 0;
}

async function chat(shop: TestShop, message: string): Promise<AssistantProposal[]> {
  const res = await request(app)
    .post(`/api/shops/${shop.id}/assistant/chat`)
    .set(bearer(owner.accessToken))
    .send({ message })
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  return String(res.body)
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as AssistantEvent)
    .filter((e): e is { type: 'proposal'; proposal: AssistantProposal } => e.type === 'proposal')
    .map((e) => e.proposal);
}

const one = async <T>(sql: string, params: unknown[]): Promise<T> =>
  ((await db.dataSource.query(sql, params)) as T[])[0] as T;

describe('erase means erased', () => {
  it('every column that can hold a client detail is classified (a new one must be added here)', async () => {
    const found = await columnsOf(db);
    const unclassified = found.filter((key) => !(key in COLUMNS));
    expect(unclassified, 'columns that may hold a client detail: classify each in COLUMNS').toEqual([]);
    // The ones said to be erased all exist (a renamed column is not silently left unchecked).
    const erased = Object.entries(COLUMNS).filter(([, rule]) => rule.erased);
    const existing = await columnsOf(db, true);
    const M1 = ['text_takeovers', 'text_shop_choices', 'text_held_replies'];
    for (const [key] of erased) {
      if (M1.some((t) => key.startsWith(`${t}.`)) && !(await tableExists(`public.${key.split('.')[0]}`))) continue;
      expect(existing, key).toContain(key);
    }
  });

  it('clears the person from every column, ends their series silently and takes them off the waitlist', async () => {
    const shop = await setUpShop(app, owner.accessToken, {
      settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
      services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
      barbers: ['Alex', 'Blake'],
    });
    const auth = bearer(owner.accessToken);
    const [alex, blake] = [shop.barbers[0]!.id, shop.barbers[1]!.id];

    // A booking online, with a note and an idempotency key (its answer is stored).
    const booked = await request(app)
      .post(`/api/shops/${shop.slug}/appointments`)
      .set('Idempotency-Key', `erase-${shop.id}`)
      .send({
        serviceId: shop.services[0]!.id,
        barberId: alex,
        start: '2026-12-03T15:00:00Z',
        client: EVE,
        note: 'Gate code 4321, or call me on 212-555-0177',
      });
    expect(booked.status).toBe(201);
    const { client_id: eve } = await one<{ client_id: string }>(
      'SELECT "client_id" FROM "appointments" WHERE "id" = $1',
      [booked.body.id],
    );
    await request(app)
      .post(`/api/shops/${shop.id}/clients/${eve}/notes`)
      .set(auth)
      .send({ body: 'Eve Stone: mornings' });

    // A weekly series, four visits from Monday.
    const series = await request(app)
      .post(`/api/shops/${shop.id}/series`)
      .set(auth)
      .send({
        barberId: blake,
        serviceIds: [shop.services[0]!.id],
        start: '2026-12-07T16:00:00Z',
        repeat: { intervalWeeks: 1, count: 4 },
        client: EVE,
      });
    expect(series.status).toBe(201);
    const { series: made, booked: visits } = series.body as SeriesResult;
    expect(visits).toHaveLength(4);

    // On the waitlist for Friday (with Noah behind her), and a slot held for her.
    const join = (who: typeof EVE) =>
      request(app)
        .post(`/api/shops/${shop.slug}/waitlist`)
        .send({
          date: '2026-12-04',
          windowStart: '09:00',
          windowEnd: '12:00',
          barberId: 'any',
          serviceIds: [shop.services[0]!.id],
          client: who,
        });
    const entry = (await join(EVE)).body as WaitlistJoined;
    expect(entry.id).toBeDefined();
    expect((await join(NOAH)).status).toBe(201);
    const offered = await request(app)
      .post(`/api/shops/${shop.id}/waitlist/${entry.id}/offer`)
      .set(auth)
      .send({ start: '2026-12-04T14:00:00Z', barberId: alex });
    expect(offered.status).toBe(200);
    const [hold] = (await db.dataSource.query(
      `SELECT "id" FROM "slot_holds" WHERE "waitlist_entry_id" = $1 AND "status" = 'active'`,
      [entry.id],
    )) as Array<{ id: string }>;
    expect(hold).toBeDefined();

    // The assistant: a booking the owner confirmed (audited), one still waiting for a YES, and Eve's own texts.
    const bookArgs = (start: string) => ({
      serviceId: shop.services[0]!.id,
      barberId: alex,
      start,
      clientName: 'Eve Stone',
      clientEmail: 'eve.stone@example.com',
      clientPhone: '212.555.0177',
    });
    llm.script({ toolCalls: [{ name: 'book_appointment', args: bookArgs('2026-12-08T15:00:00Z') }] }, { text: 'Ok.' });
    const [toConfirm] = await chat(shop, 'Book Eve Stone (eve.stone@example.com) on Tuesday');
    expect(
      (await request(app).post(`/api/shops/${shop.id}/assistant/proposals/${toConfirm!.id}/confirm`).set(auth)).status,
    ).toBe(200);
    llm.script({ toolCalls: [{ name: 'book_appointment', args: bookArgs('2026-12-09T15:00:00Z') }] }, { text: 'Ok.' });
    const [pending] = await chat(shop, 'And Wednesday too');
    // Named alone, with no e-mail or number beside it (found by the full name).
    llm.script({ text: 'Eve Stone is booked on Tuesday.' });
    await chat(shop, 'Is Eve Stone coming this week?');
    expect(pending?.status).toBe('pending');
    await db.dataSource.query(
      `INSERT INTO "assistant_messages" ("shop_id", "conversation", "role", "content")
       VALUES ($1, 'phone:+12125550177', 'user', '{"text": "Hi, it is Eve Stone, can I come at 4?"}')`,
      [shop.id],
    );

    // Texts: her reply, and the owner quoting her address to a colleague's number.
    await db.dataSource.query(
      `INSERT INTO "text_messages" ("shop_id", "direction", "channel", "kind", "phone", "body", "status")
       VALUES ($1, 'in', 'sms', 'reply', '+12125550177', 'Running late, Eve', 'received'),
              ($1, 'out', 'sms', 'owner', '+16465550199', 'Eve Stone is eve.stone@example.com, call 212 555 0177', 'sent')`,
      [shop.id],
    );
    // Finished jobs keep their data until pg-boss purges them: one naming her.
    await db.dataSource.query(
      `INSERT INTO pgboss.job ("name", "data", "state", "output") VALUES ($1, '{"note": "x"}', 'completed',
         '{"to": "Eve.Stone@example.com"}')`,
      [BOOKING_MAIL_QUEUE],
    );
    // Issue 23 finding 1's tables, where they exist: the take-over, the shop she chose, a reply held for a choice.
    const other = await setUpShop(app, owner.accessToken, { barbers: [] });
    if (await tableExists('public.text_takeovers')) {
      await db.dataSource.query(
        `INSERT INTO "text_takeovers" ("shop_id", "phone", "until", "reason") VALUES ($1, '+12125550177', now(), 'owner')`,
        [shop.id],
      );
    }
    if (await tableExists('public.text_shop_choices')) {
      await db.dataSource.query(
        `INSERT INTO "text_shop_choices" ("phone", "channel", "shop_id") VALUES ('+12125550177', 'sms', $1)`,
        [shop.id],
      );
    }
    if (await tableExists('public.text_held_replies')) {
      await db.dataSource.query(
        `INSERT INTO "text_held_replies" ("phone", "channel", "body", "provider_sid", "options")
         VALUES ('+12125550177', 'sms', 'Eve here', $3, ARRAY[$1, $2]::uuid[])`,
        [shop.id, other.id, `SM${shop.id.replaceAll('-', '')}`],
      );
    }

    // Before: each place names her (the check can see her).
    for (const key of [
      'appointment_series.client_email',
      'waitlist_entries.client_phone',
      'assistant_audit.args',
      'assistant_proposals.summary',
      'booking_idempotency_keys.response',
    ]) {
      expect(await stillNamingEve(key, ERASED as { erased: true }, shop), key).toBeGreaterThan(0);
    }

    const erase = await request(app).delete(`/api/shops/${shop.id}/clients/${eve}`).set(auth);
    expect(erase.status).toBe(204);

    // Column by column.
    const left: Record<string, number> = {};
    for (const [key, rule] of Object.entries(COLUMNS)) {
      if (!rule.erased) continue;
      if (
        !(await tableExists(
          key.split('.').length === 3 ? key.split('.').slice(0, 2).join('.') : `public.${key.split('.')[0]}`,
        ))
      )
        continue;
      const n = await stillNamingEve(key, rule, shop);
      if (n > 0) left[key] = n;
    }
    expect(left).toEqual({});

    // The series ended; its visits ahead were cancelled with no mail or text queued for them.
    expect(
      await one('SELECT "status", "manage_token_hash" FROM "appointment_series" WHERE "id" = $1', [made.id]),
    ).toEqual({
      status: 'cancelled',
      manage_token_hash: null,
    });
    const visitIds = visits.map((v) => v.id);
    const statuses = (await db.dataSource.query(
      `SELECT DISTINCT "status" FROM "appointments" WHERE "id" = ANY($1::uuid[])`,
      [visitIds],
    )) as Array<{ status: string }>;
    expect(statuses).toEqual([{ status: 'cancelled' }]);
    expect(
      await one<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM pgboss.job WHERE "data"->>'appointmentId' = ANY($1::text[])
           AND ("state" IN ('created', 'retry') OR "data"->>'kind' IN ('cancellation', 'owner_cancellation'))`,
        [[...visitIds, booked.body.id]],
      ),
    ).toEqual({ n: 0 });

    // Off the waitlist: her entry left, the hold released, both links dead; Friday's time goes to Noah.
    expect(await one('SELECT "status" FROM "waitlist_entries" WHERE "id" = $1', [entry.id])).toEqual({
      status: 'left',
    });
    expect(await one('SELECT "status" FROM "slot_holds" WHERE "id" = $1', [hold!.id])).toEqual({ status: 'released' });
    expect((await request(app).get(`/api/waitlist/${entry.manageToken}`)).status).toBe(404);
    expect(
      await one<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM pgboss.job WHERE "name" = $1 AND "data"->>'shopId' = $2
           AND "data"->>'date' = '2026-12-04' AND "state" = 'created'`,
        [WAITLIST_CHECK_QUEUE, shop.id],
      ),
    ).toEqual({ n: 1 });
    expect(
      await one<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM pgboss.job WHERE "data"->>'holdId' = $1 AND "state" IN ('created', 'retry')`,
        [hold!.id],
      ),
    ).toEqual({ n: 0 });

    // The assistant: her own conversation is gone; the audit keeps what was done; the pending proposal expired.
    expect(
      await one<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM "assistant_messages" WHERE "conversation" LIKE 'phone:%'`,
        [],
      ),
    ).toEqual({ n: 0 });
    expect(
      await one('SELECT "tool", "outcome", "args" FROM "assistant_audit" WHERE "proposal_id" = $1', [toConfirm!.id]),
    ).toEqual({
      tool: 'book_appointment',
      outcome: 'applied',
      args: {
        ...bookArgs('2026-12-08T15:00:00Z'),
        clientName: 'Erased client',
        clientEmail: '[erased]',
        clientPhone: '[erased]',
      },
    });
    expect(await one('SELECT "summary" FROM "assistant_proposals" WHERE "id" = $1', [toConfirm!.id])).toEqual({
      summary: 'Book Haircut for Erased client with Alex on Tuesday, December 8, 2026 at 10:00 AM',
    });
    expect(await one('SELECT "status" FROM "assistant_proposals" WHERE "id" = $1', [pending!.id])).toEqual({
      status: 'expired',
    });
    if (await tableExists('public.text_held_replies')) {
      const held = await one<{ options: string[] }>(`SELECT "options" FROM "text_held_replies" WHERE "phone" = $1`, [
        '+12125550177',
      ]);
      // The erased shop's place stays empty: the client's "1" must not become the other shop's.
      expect(held.options).toEqual([null, other.id]);
    }

    // Noah, waiting behind her, keeps everything.
    expect(
      await one(`SELECT "client_name", "client_email", "status" FROM "waitlist_entries" WHERE "client_email" = $1`, [
        NOAH.email,
      ]),
    ).toEqual({ client_name: 'Noah Park', client_email: NOAH.email, status: 'waiting' });
  });
});
