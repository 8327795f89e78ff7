import {
  type NotificationPreferences,
  NotificationPreferencesPatchSchema,
  PUSH_MESSAGES,
  PushSubscriptionSchema,
  STAFF_NOTIFICATION_EVENTS,
  type StaffNotificationChoices,
} from '@barberly/common';
import type { EntityManager } from 'typeorm';
import { badRequest, notFound, parseInput, serviceUnavailable } from '../../platform/http/errors';
import { vapidFromEnv } from './vapid';

/**
 * A person's push subscriptions and notification choices (issue 26 item 4, decision 0187): /api/my/... paths, always
 * the caller's own (no id of another person in the path). Push choices live on the user (barbers and owners alike);
 * e-mail choices on the barber row for a barber (decision 0183) and on the user for an owner.
 */

interface ChoiceRows {
  notify_push: Record<string, boolean> | null;
  user_email: Record<string, boolean> | null;
  barber_id: string | null;
  barber_email: Record<string, boolean> | null;
}

async function choiceRows(manager: EntityManager, userId: string): Promise<ChoiceRows> {
  const rows: ChoiceRows[] = await manager.query(
    `SELECT u."notify_push", u."notify_email" AS "user_email", b."id" AS "barber_id", b."notify_email" AS "barber_email"
       FROM "users" u LEFT JOIN "barbers" b ON b."user_id" = u."id"
      WHERE u."id" = $1 LIMIT 1`,
    [userId],
  );
  if (!rows[0]) throw notFound('Account not found');
  return rows[0];
}

/** Absent keys take the default: push on; e-mail on for a barber (decision 0183), off for an owner. */
export function choicesOf(stored: Record<string, boolean> | null, fallback: boolean): StaffNotificationChoices {
  const out = {} as StaffNotificationChoices;
  for (const e of STAFF_NOTIFICATION_EVENTS) out[e] = stored?.[e] ?? fallback;
  return out;
}

export async function getNotificationPreferences(
  manager: EntityManager,
  userId: string,
): Promise<NotificationPreferences> {
  const row = await choiceRows(manager, userId);
  const [{ count }] = await manager.query(
    `SELECT count(*)::int AS "count" FROM "push_subscriptions" WHERE "user_id" = $1`,
    [userId],
  );
  return {
    push: choicesOf(row.notify_push, true),
    email: row.barber_id ? choicesOf(row.barber_email, true) : choicesOf(row.user_email, false),
    pushSubscriptions: count,
  };
}

/** PUT /api/my/notification-preferences {push?, email?}: only the keys given change. */
export async function putNotificationPreferences(
  manager: EntityManager,
  userId: string,
  body: unknown,
): Promise<NotificationPreferences> {
  const input = parseInput(NotificationPreferencesPatchSchema, body);
  const row = await choiceRows(manager, userId);
  if (input.push) {
    await manager.query(`UPDATE "users" SET "notify_push" = "notify_push" || $2::jsonb WHERE "id" = $1`, [
      userId,
      JSON.stringify(input.push),
    ]);
  }
  if (input.email) {
    if (row.barber_id) {
      await manager.query(`UPDATE "barbers" SET "notify_email" = "notify_email" || $2::jsonb WHERE "id" = $1`, [
        row.barber_id,
        JSON.stringify(input.email),
      ]);
    } else {
      await manager.query(`UPDATE "users" SET "notify_email" = "notify_email" || $2::jsonb WHERE "id" = $1`, [
        userId,
        JSON.stringify(input.email),
      ]);
    }
  }
  return getNotificationPreferences(manager, userId);
}

/** GET /api/push/key: the VAPID public key the browser subscribes with. */
export function pushPublicKey(env: NodeJS.ProcessEnv = process.env): { publicKey: string } {
  const vapid = vapidFromEnv(env);
  if (!vapid) throw serviceUnavailable(PUSH_MESSAGES.notConfigured);
  return { publicKey: vapid.publicKey };
}

/**
 * POST /api/my/push-subscriptions: the browser's PushSubscription. The endpoint is unique: a browser that moves to
 * another account (a shared phone) is now that account's.
 */
export async function addPushSubscription(
  manager: EntityManager,
  userId: string,
  body: unknown,
  userAgent: string,
): Promise<{ id: string }> {
  const input = parseInput(PushSubscriptionSchema, body);
  if (!/^https?:\/\//.test(input.endpoint))
    throw badRequest(PUSH_MESSAGES.endpoint, { endpoint: PUSH_MESSAGES.endpoint });
  const rows: { id: string }[] = await manager.query(
    `INSERT INTO "push_subscriptions" ("user_id", "endpoint", "p256dh", "auth", "user_agent")
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT ("endpoint") DO UPDATE SET "user_id" = $1, "p256dh" = $3, "auth" = $4, "user_agent" = $5
     RETURNING "id"`,
    [userId, input.endpoint, input.keys.p256dh, input.keys.auth, userAgent.slice(0, 300)],
  );
  return { id: rows[0]!.id };
}

/** DELETE /api/my/push-subscriptions {endpoint}: this browser's push is turned off. */
export async function removePushSubscription(manager: EntityManager, userId: string, body: unknown): Promise<void> {
  const endpoint =
    typeof (body as { endpoint?: unknown })?.endpoint === 'string' ? (body as { endpoint: string }).endpoint : '';
  if (!endpoint) throw badRequest(PUSH_MESSAGES.endpoint, { endpoint: PUSH_MESSAGES.endpoint });
  await manager.query(`DELETE FROM "push_subscriptions" WHERE "user_id" = $1 AND "endpoint" = $2`, [userId, endpoint]);
}
