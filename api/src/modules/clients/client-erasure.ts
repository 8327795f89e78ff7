import { localDateOf } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { loadAppointmentContext } from '../appointments/appointment-view';
import { cancelAppointment, eraseClientDetails } from '../appointments/lifecycle';
import type { BookingMailQueue } from '../mail/mail-queue';
import type { ShopEntity } from '../shops/shop.entity';
import { enqueueWaitlistCheck } from '../waitlist/waitlist-queue';
import { contactSql, ERASED_NAME, gather, NOTHING, redactRows } from './erasure-matching';

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
 * e-mail, phone, full name or one of their ids, so that another client called "Sam" keeps their name
 * (erasure-matching.ts). Every table that copies the person's details is named in eraseClientData below, in one
 * place, so the list stays complete and checkable against client-erasure.int.test.ts.
 */

export interface ErasureDeps {
  mailQueue: BookingMailQueue;
  now: () => Date;
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
