import { eraseClientData } from './client-erasure';
import { loadClient, loadViewer, requireOwner } from './client-viewer';
import type { ClientsDeps } from './clients.service';

/** What the person may ask of the shop about their details (issue 13): a copy of everything, or erasure. */

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
