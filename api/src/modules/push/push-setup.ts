import type { Agent } from 'node:https';
import type { DataSource, EntityManager } from 'typeorm';
import type { Mailer } from '../mail/mailer';
import { type ClientTextNotice, registerClientTextHook } from '../messaging/client-text-hooks';
import { type AppointmentEventLike, notifyAppointmentEvent, notifyClientText } from './appointment-notice';
import type { NotifyDeps } from './staff-notify';
import { vapidFromEnv } from './vapid';

/**
 * The staff notices' outside parts (issue 26 item 4), set once by the composition roots: the mailer for the e-mail
 * fallback and the admin's address for its link. VAPID keys come from the environment at each send.
 */
let outside: { dataSource?: DataSource; mailer?: Mailer; publicOrigin?: string; agent?: Agent } = {};
let hooked = false;

export function configureStaffNotifications(options: {
  dataSource: DataSource;
  mailer?: Mailer;
  publicOrigin?: string;
  /** Tests: trusts the local push service's certificate. */
  agent?: Agent;
}): void {
  outside = {
    dataSource: options.dataSource,
    mailer: options.mailer,
    publicOrigin: options.publicOrigin,
    agent: options.agent,
  };
  if (hooked) return;
  hooked = true;
  registerClientTextHook(async (text) => {
    if (outside.dataSource) await pushClientText(outside.dataSource.manager, text);
  });
}

export function staffNotifyDeps(manager: EntityManager): NotifyDeps {
  const { mailer, publicOrigin, agent } = outside;
  return {
    manager,
    vapid: vapidFromEnv(),
    publicOrigin,
    agent,
    ...(mailer ? { sendMail: (m) => mailer.send({ to: m.to, subject: m.subject, text: m.text }) } : {}),
  };
}

/** The lifecycle listener's after-commit part (push.listener.ts): one event, the chair's people told. */
export function pushAppointmentEvent(manager: EntityManager, event: AppointmentEventLike) {
  return notifyAppointmentEvent(staffNotifyDeps(manager), event);
}

async function pushClientText(manager: EntityManager, text: ClientTextNotice) {
  const [appointment] = text.appointmentId
    ? ((await manager.query(`SELECT "barber_id", "client_name" FROM "appointments" WHERE "id" = $1`, [
        text.appointmentId,
      ])) as Array<{ barber_id: string | null; client_name: string }>)
    : [];
  return notifyClientText(staffNotifyDeps(manager), {
    shopId: text.shopId,
    barberId: appointment?.barber_id ?? null,
    clientName: appointment?.client_name ?? null,
    body: text.body,
  });
}
