import type { EntityManager } from 'typeorm';

/**
 * Row writes that are not changes of the visit (issue 24): who the appointments belong to. They write no event (the
 * history is about the visit, and keeps no personal detail to correct) and have no listeners; the analytics cache
 * is told by its caller.
 */

/** Two client records merged: the folded one's appointments become the kept one's. */
export async function reassignClient(manager: EntityManager, fromClientId: string, toClientId: string): Promise<void> {
  await manager.query(`UPDATE "appointments" SET "client_id" = $1 WHERE "client_id" = $2`, [toClientId, fromClientId]);
}

/** A client erased (decision 0172): the books stay (date, service, barber, price, status), the person goes. */
export async function eraseClientDetails(manager: EntityManager, appointmentIds: string[], erasedName: string) {
  await manager.query(
    `UPDATE "appointments" SET "client_name" = $2, "client_email" = '', "client_phone" = '',
       "client_phone_e164" = NULL, "note" = '', "reminder_consent_text" = NULL, "manage_token_hash" = NULL,
       "updated_at" = now()
     WHERE "id" = ANY($1::uuid[])`,
    [appointmentIds, erasedName],
  );
}
