import {
  CLIENT_MESSAGES,
  type ClientAppointment,
  type ClientDetail,
  type ClientNote,
  ClientNoteSchema,
  ClientPatchSchema,
  localDateOf,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { conflict, forbidden, notFound, parseInput } from '../../platform/http/errors';
import { isUuid } from '../shops/shop-access';
import { type SummaryRow, summaryCte, toSummary } from './client-summary';
import { type ClientViewer, loadClient, loadViewer, requireOwner } from './client-viewer';
import type { ClientsDeps } from './clients.service';

/** A client's card (issue 13): their figures, appointments, usual choice and notes; the owner edits name and tags. */

/** GET /api/shops/{shopId}/clients/{clientId} */
export async function getClient(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  userId: string,
): Promise<ClientDetail> {
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  await loadClient(deps.dataSource.manager, viewer, clientId);
  return clientDetail(deps, viewer, clientId);
}

export async function clientDetail(deps: ClientsDeps, viewer: ClientViewer, clientId: string): Promise<ClientDetail> {
  const manager = deps.dataSource.manager;
  const now = deps.now();
  const today = localDateOf(now, viewer.shop.timeZone);
  const [row] = (await manager.query(`WITH ${summaryCte('SELECT $5::uuid AS "id"')} SELECT s.* FROM summary s`, [
    viewer.shop.id,
    now,
    viewer.shop.timeZone,
    viewer.shop.currency,
    clientId,
  ])) as SummaryRow[];
  if (!row) throw notFound(CLIENT_MESSAGES.notFound);
  const appointments = (await manager.query(
    `SELECT a."id", a."starts_at", a."ends_at", a."status", a."source", a."service_name", a."service_price",
            a."currency", coalesce(b."name", '') AS "barber_name"
     FROM "appointments" a LEFT JOIN "barbers" b ON b."id" = a."barber_id"
     WHERE a."client_id" = $1 ORDER BY a."starts_at" DESC LIMIT 500`,
    [clientId],
  )) as Array<{
    id: string;
    starts_at: Date;
    ends_at: Date;
    status: ClientAppointment['status'];
    source: ClientAppointment['source'];
    service_name: string;
    service_price: string;
    currency: string;
    barber_name: string;
  }>;
  const notes = (await manager.query(
    `SELECT "id", "body", "author_name", "author_user_id", "created_at" FROM "client_notes"
     WHERE "client_id" = $1 ORDER BY "created_at" DESC, "id"`,
    [clientId],
  )) as Array<{ id: string; body: string; author_name: string; author_user_id: string | null; created_at: Date }>;
  const usual = await usualChoice(manager, clientId);
  return {
    ...toSummary(row, today),
    createdAt: row.created_at.toISOString(),
    usualService: usual.service,
    usualBarber: usual.barber,
    appointments: appointments.map((a) => ({
      id: a.id,
      startsAt: a.starts_at.toISOString(),
      endsAt: a.ends_at.toISOString(),
      status: a.status,
      source: a.source,
      serviceName: a.service_name,
      barberName: a.barber_name,
      price: Number(a.service_price),
      currency: a.currency.trim(),
    })),
    notes: notes.map((n) => toNote(n, viewer.userId)),
    currency: viewer.shop.currency,
    canManage: viewer.role === 'owner',
  };
}

function toNote(
  n: { id: string; body: string; author_name: string; author_user_id: string | null; created_at: Date },
  userId: string,
): ClientNote {
  return {
    id: n.id,
    body: n.body,
    authorName: n.author_name,
    createdAt: n.created_at.toISOString(),
    mine: n.author_user_id === userId,
  };
}

/** Their most frequent service and barber among appointments kept, both still offered by the shop. */
export async function usualChoice(manager: EntityManager, clientId: string) {
  const [service] = (await manager.query(
    `SELECT s."id", s."name" FROM "appointments" a JOIN "services" s ON s."id" = a."service_id"
     WHERE a."client_id" = $1 AND a."status" <> 'cancelled'
     GROUP BY s."id", s."name" ORDER BY count(*) DESC, max(a."starts_at") DESC LIMIT 1`,
    [clientId],
  )) as Array<{ id: string; name: string }>;
  const [barber] = (await manager.query(
    `SELECT b."id", b."name" FROM "appointments" a JOIN "barbers" b ON b."id" = a."barber_id"
     WHERE a."client_id" = $1 AND a."status" <> 'cancelled'
     GROUP BY b."id", b."name" ORDER BY count(*) DESC, max(a."starts_at") DESC LIMIT 1`,
    [clientId],
  )) as Array<{ id: string; name: string }>;
  return { service: service ?? null, barber: barber ?? null };
}

/** PATCH /api/shops/{shopId}/clients/{clientId} (owner): name and tags. */
export async function patchClient(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  userId: string,
  body: unknown,
): Promise<ClientDetail> {
  const patch = parseInput(ClientPatchSchema, body);
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  requireOwner(viewer);
  const client = await loadClient(deps.dataSource.manager, viewer, clientId);
  if (client.erased_at) throw conflict(CLIENT_MESSAGES.erased);
  const tags = patch.tags ? [...new Set(patch.tags)] : undefined;
  await deps.dataSource.query(
    `UPDATE "clients" SET "name" = coalesce($2, "name"), "tags" = coalesce($3::text[], "tags"), "updated_at" = now()
     WHERE "id" = $1`,
    [clientId, patch.name ?? null, tags ?? null],
  );
  return clientDetail(deps, viewer, clientId);
}

/** POST /api/shops/{shopId}/clients/{clientId}/notes: the owner, or a barber who served the client. */
export async function addNote(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  userId: string,
  body: unknown,
): Promise<ClientNote> {
  const input = parseInput(ClientNoteSchema, body);
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  const client = await loadClient(deps.dataSource.manager, viewer, clientId);
  if (client.erased_at) throw conflict(CLIENT_MESSAGES.erased);
  const [note] = (await deps.dataSource.query(
    `INSERT INTO "client_notes" ("client_id", "author_user_id", "author_name", "body") VALUES ($1, $2, $3, $4)
     RETURNING "id", "body", "author_name", "author_user_id", "created_at"`,
    [clientId, userId, viewer.authorName.slice(0, 200), input.body],
  )) as Array<{ id: string; body: string; author_name: string; author_user_id: string; created_at: Date }>;
  return toNote(note as NonNullable<typeof note>, userId);
}

/** DELETE /api/shops/{shopId}/clients/{clientId}/notes/{noteId}: its author, or the owner. */
export async function deleteNote(
  deps: ClientsDeps,
  shopId: string,
  clientId: string,
  noteId: string,
  userId: string,
): Promise<void> {
  const viewer = await loadViewer(deps.dataSource.manager, shopId, userId, deps.now());
  await loadClient(deps.dataSource.manager, viewer, clientId);
  if (!isUuid(noteId)) throw notFound('Note not found');
  const [note] = (await deps.dataSource.query(
    `SELECT "author_user_id" FROM "client_notes" WHERE "id" = $1 AND "client_id" = $2`,
    [noteId, clientId],
  )) as Array<{ author_user_id: string | null }>;
  if (!note) throw notFound('Note not found');
  if (viewer.role !== 'owner' && note.author_user_id !== userId) throw forbidden(CLIENT_MESSAGES.notesOnlyOwn);
  await deps.dataSource.query(`DELETE FROM "client_notes" WHERE "id" = $1`, [noteId]);
}
