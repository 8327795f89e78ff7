import { normalizePhone } from '@barberly/common';
import type { EntityManager } from 'typeorm';

/** Who an appointment is for, as the booking brought them. */
export interface PersonOnBooking {
  name: string;
  email: string;
  /** As typed. */
  phone: string;
  /** Already normalised by the caller, when it did. */
  phoneE164?: string | null;
}

interface ClientRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  merged_into_id: string | null;
}

/**
 * The shop's record of this person, found or created inside the caller's transaction (issue 13, decision 0150):
 * the e-mail decides first; else the phone, but only a record without another e-mail, so a family sharing one phone
 * stays apart; a merged record leads to the one it was merged into. Null when the booking names neither e-mail nor
 * phone (a walk-in known only by name). Concurrent first bookings of one person queue on an advisory lock per
 * e-mail and per phone, taken in a fixed order.
 */
export async function linkClient(
  manager: EntityManager,
  shopId: string,
  person: PersonOnBooking,
  defaultCountry: string,
): Promise<string | null> {
  const email = person.email.trim().toLowerCase() || null;
  const phone = person.phoneE164 ?? (person.phone.trim() ? normalizePhone(person.phone, defaultCountry) : null);
  if (!email && !phone) return null;

  const keys = [email ? `e:${email}` : null, phone ? `p:${phone}` : null].filter((k): k is string => k !== null);
  for (const key of keys.sort()) {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`clients:${shopId}:${key}`]);
  }

  if (email) {
    const [byEmail] = (await manager.query(
      `SELECT "id", "name", "email", "phone", "merged_into_id" FROM "clients"
       WHERE "shop_id" = $1 AND "email" = $2 AND "erased_at" IS NULL
       ORDER BY ("merged_into_id" IS NULL) DESC, "created_at" LIMIT 1`,
      [shopId, email],
    )) as ClientRow[];
    if (byEmail) {
      const live = await followMerges(manager, byEmail);
      await fillMissing(manager, live, { name: person.name, phone });
      return live.id;
    }
  }

  if (phone) {
    const candidates = (await manager.query(
      `SELECT "id", "name", "email", "phone", "merged_into_id" FROM "clients"
       WHERE "shop_id" = $1 AND "phone" = $2 AND "erased_at" IS NULL AND "merged_into_id" IS NULL
         AND ($3::varchar IS NULL OR "email" IS NULL)
       ORDER BY "updated_at" DESC, "id"`,
      [shopId, phone, email],
    )) as ClientRow[];
    const sameName = candidates.find((c) => c.name.trim().toLowerCase() === person.name.trim().toLowerCase());
    const chosen = sameName ?? candidates[0];
    if (chosen) {
      await fillMissing(manager, chosen, { name: person.name, email });
      return chosen.id;
    }
  }

  const [created] = (await manager.query(
    `INSERT INTO "clients" ("shop_id", "name", "email", "phone") VALUES ($1, $2, $3, $4) RETURNING "id"`,
    [shopId, person.name.trim().slice(0, 200), email, phone],
  )) as Array<{ id: string }>;
  return (created as { id: string }).id;
}

/** A merged record stands for the one it was merged into (merges may chain). */
async function followMerges(manager: EntityManager, row: ClientRow): Promise<ClientRow> {
  let current = row;
  for (let hops = 0; current.merged_into_id && hops < 20; hops++) {
    const [next] = (await manager.query(
      `SELECT "id", "name", "email", "phone", "merged_into_id" FROM "clients" WHERE "id" = $1`,
      [current.merged_into_id],
    )) as ClientRow[];
    if (!next) break;
    current = next;
  }
  return current;
}

/** What the record lacks and the booking brings; the record's own values (maybe the owner's edits) stay. */
async function fillMissing(
  manager: EntityManager,
  row: ClientRow,
  fresh: { name?: string; email?: string | null; phone?: string | null },
): Promise<void> {
  await manager.query(
    `UPDATE "clients" SET
       "name" = CASE WHEN "name" = '' THEN $2 ELSE "name" END,
       "email" = COALESCE("email", $3),
       "phone" = COALESCE("phone", $4),
       "updated_at" = now()
     WHERE "id" = $1`,
    [row.id, (fresh.name ?? '').trim().slice(0, 200), fresh.email ?? null, fresh.phone ?? null],
  );
}
