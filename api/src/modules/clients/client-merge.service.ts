import { CLIENT_LIMITS, CLIENT_MESSAGES, type ClientDetail, ClientMergeSchema } from '@barberly/common';
import { badRequest, conflict, parseInput } from '../../platform/http/errors';
import { ANALYTICS_CHANNEL } from '../analytics/analytics-cache';
import { reassignClient } from '../appointments/lifecycle';
import { clientDetail } from './client-profile.service';
import { loadClient, loadViewer, requireOwner } from './client-viewer';
import type { ClientsDeps } from './clients.service';

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
