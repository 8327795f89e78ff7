import type { EntityManager } from 'typeorm';

/**
 * Which clients a barber may read (issue 23, finding 3; decision 0172): those they served, where "served" means a
 * visit with them that took place. A booking alone is not one: anyone (a client online, the barber's own walk-in
 * or the assistant) can name any e-mail, and before this a single such booking, even cancelled, opened the
 * client's phone, history and the owner's notes to the barber.
 *
 * A visit took place when it began by now and is completed, or confirmed and over (not cancelled, not a no-show).
 * A visit marked completed before it began does not count until it begins: marking is the barber's own act.
 * Worked example, now Dec 2 10:00: completed Dec 1 counts; confirmed Dec 1 09:00-09:30 counts; confirmed
 * Dec 2 09:45-10:15 does not yet; confirmed Dec 3 (or completed Dec 3) does not; cancelled or no-show never does.
 *
 * `servedClause` is the SQL for one client expression, barber and now (each a SQL expression or $n parameter).
 */
export function servedClause(clientId: string, barberId: string, now: string): string {
  return `EXISTS (
    SELECT 1 FROM "appointments" served
    WHERE served."client_id" = ${clientId} AND served."barber_id" = ${barberId} AND served."starts_at" <= ${now}
      AND (served."status" = 'completed' OR (served."status" = 'confirmed' AND served."ends_at" <= ${now}))
  )`;
}

/** Whether this barber served this client (as above) by `now`. */
export async function hasServed(
  manager: EntityManager,
  clientId: string,
  barberId: string,
  now: Date,
): Promise<boolean> {
  const rows = (await manager.query(`SELECT ${servedClause('$1::uuid', '$2::uuid', '$3::timestamptz')} AS "served"`, [
    clientId,
    barberId,
    now,
  ])) as Array<{ served: boolean }>;
  return rows[0]?.served === true;
}
