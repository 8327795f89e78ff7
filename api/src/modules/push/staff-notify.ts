import type { Agent } from 'node:https';
import type { StaffNotificationEvent, StaffPushPayload } from '@barberly/common';
import type { EntityManager } from 'typeorm';
import webpush from 'web-push';
import { choicesOf } from './push-subscriptions.service';
import type { Vapid } from './vapid';

/**
 * Sends one notice to the people of a chair (issue 26 item 4, decision 0187): the barbers named (their linked
 * accounts) and the shop's owner, each as they chose. Push goes to every browser they subscribed; a subscription the
 * push service reports gone (404 or 410) is deleted. E-mail is the fallback: sent to those who chose e-mail for the
 * event when no push reached them.
 */
export interface StaffNotice {
  shopId: string;
  barberIds: readonly string[];
  event: StaffNotificationEvent;
  title: string;
  body: string;
  /** Inside the admin, e.g. '/dashboard'. */
  url: string;
  /** Same tag, same notification on the phone (a later one replaces it). */
  tag: string;
  /** Who made the change is not told about it. */
  exceptUserId?: string | null;
}

export interface StaffMail {
  to: string;
  subject: string;
  text: string;
}

export interface NotifyDeps {
  manager: EntityManager;
  vapid: Vapid | null;
  sendMail?: (mail: StaffMail) => Promise<void>;
  /** The admin's address for links in mails. */
  publicOrigin?: string;
  /** Tests: trusts the local push service's certificate. */
  agent?: Agent;
}

export interface NotifyResult {
  pushed: number;
  gone: number;
  mailed: number;
}

interface Recipient {
  user_id: string;
  email: string;
  notify_push: Record<string, boolean> | null;
  email_choices: Record<string, boolean> | null;
  is_barber: boolean;
}

interface SubscriptionRow {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function notifyStaff(deps: NotifyDeps, notice: StaffNotice): Promise<NotifyResult> {
  const { manager } = deps;
  const recipients: Recipient[] = await manager.query(
    `SELECT DISTINCT ON (u."id") u."id" AS "user_id", u."email", u."notify_push",
            COALESCE(b."notify_email", u."notify_email") AS "email_choices", b."id" IS NOT NULL AS "is_barber"
       FROM "users" u
       LEFT JOIN "barbers" b ON b."user_id" = u."id" AND b."shop_id" = $1
      WHERE (b."id" = ANY($2::uuid[]))
         OR u."id" = (SELECT "owner_id" FROM "shops" WHERE "id" = $1)
      ORDER BY u."id", b."id" IS NULL`,
    [notice.shopId, [...notice.barberIds]],
  );
  const result: NotifyResult = { pushed: 0, gone: 0, mailed: 0 };
  const payload: StaffPushPayload = {
    event: notice.event,
    title: notice.title,
    body: notice.body,
    url: notice.url,
    tag: notice.tag,
  };
  for (const r of recipients) {
    if (notice.exceptUserId && r.user_id === notice.exceptUserId) continue;
    let reached = false;
    if (deps.vapid && choicesOf(r.notify_push, true)[notice.event]) {
      const subs: SubscriptionRow[] = await manager.query(
        `SELECT "id", "endpoint", "p256dh", "auth" FROM "push_subscriptions" WHERE "user_id" = $1`,
        [r.user_id],
      );
      for (const sub of subs) {
        const outcome = await pushTo(deps.vapid, sub, payload, deps.agent);
        if (outcome === 'sent') {
          reached = true;
          result.pushed++;
        } else if (outcome === 'gone') {
          await manager.query(`DELETE FROM "push_subscriptions" WHERE "id" = $1`, [sub.id]);
          result.gone++;
        }
      }
    }
    if (!reached && deps.sendMail && r.email && choicesOf(r.email_choices, r.is_barber)[notice.event]) {
      const link = deps.publicOrigin ? `\n\n${new URL(notice.url, deps.publicOrigin).toString()}` : '';
      await deps.sendMail({ to: r.email, subject: notice.title, text: `${notice.body}${link}` });
      result.mailed++;
    }
  }
  return result;
}

/**
 * One push through the web-push package (VAPID-signed, aes128gcm-encrypted to the browser's keys). 404 and 410:
 * the subscription is gone.
 */
async function pushTo(
  vapid: Vapid,
  sub: SubscriptionRow,
  payload: StaffPushPayload,
  agent?: Agent,
): Promise<'sent' | 'gone' | 'failed'> {
  try {
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: 4 * 3600,
        urgency: 'high',
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      },
    );
    return 'sent';
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return 'gone';
    // A push service that is down: this browser misses this notice (retrying the whole job would push the others
    // twice); the e-mail fallback still applies when no browser of the person was reached.
    return 'failed';
  }
}
