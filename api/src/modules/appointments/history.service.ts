import {
  type AppointmentHistory,
  type AppointmentHistoryEvent,
  BOOKING_MESSAGES,
  describeAppointmentEvent,
} from '@barberly/common';
import { forbidden, notFound } from '../../platform/http/errors';
import { BarberEntity } from '../barbers/barber.entity';
import { findShopById, isUuid, SHOP_NOT_FOUND } from '../shops/shop-access';
import { AppointmentEntity } from './appointment.entity';
import type { BookingDeps } from './booking-deps';
import { eventsOf } from './lifecycle';

/**
 * GET /api/shops/{id}/appointments/{appointmentId}/events (issue 24): the appointment's history, oldest first, each
 * event with its words. The owner reads every appointment of the shop; a barber linked to the shop only those in
 * their own chair (anything else is as unknown as a made-up id).
 */
export async function appointmentHistory(
  deps: Pick<BookingDeps, 'dataSource'>,
  shopId: string,
  appointmentId: string,
  userId: string,
): Promise<AppointmentHistory> {
  const manager = deps.dataSource.manager;
  const shop = await findShopById(manager, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  let ownChair: string[] | null = null;
  if (shop.ownerId !== userId) {
    const barbers = await manager.getRepository(BarberEntity).find({ where: { shopId: shop.id, userId } });
    if (barbers.length === 0) throw forbidden('Only the owner of this shop or its barbers can see this.');
    ownChair = barbers.map((b) => b.id);
  }
  const appointment = isUuid(appointmentId)
    ? await manager.getRepository(AppointmentEntity).findOne({ where: { id: appointmentId, shopId: shop.id } })
    : null;
  if (!appointment || (ownChair && !ownChair.includes(appointment.barberId))) {
    throw notFound(BOOKING_MESSAGES.appointmentNotFound);
  }

  const events = await eventsOf(manager, appointment.id);
  const staffIds = [...new Set(events.flatMap((e) => (e.actor.kind === 'staff' && e.actor.id ? [e.actor.id] : [])))];
  // Staff are named as the shop knows them: their barber name, else their first name; the owner otherwise.
  const names = new Map<string, string>();
  if (staffIds.length) {
    const rows = (await manager.query(
      `SELECT u."id", coalesce(
         (SELECT b."name" FROM "barbers" b WHERE b."shop_id" = $2 AND b."user_id" = u."id" ORDER BY b."created_at" LIMIT 1),
         nullif(u."first_name", '')) AS "name"
       FROM "users" u WHERE u."id" = ANY($1::uuid[])`,
      [staffIds, shop.id],
    )) as Array<{ id: string; name: string | null }>;
    for (const r of rows) if (r.name) names.set(r.id, r.name);
  }
  // A text reminder's delivery as Twilio last reported it (both reminders are texts of kind 'reminder').
  const texts = (await manager.query(
    `SELECT DISTINCT ON ("kind") "kind", "status" FROM "text_messages"
     WHERE "appointment_id" = $1 AND "direction" = 'out' ORDER BY "kind", "created_at" DESC`,
    [appointment.id],
  )) as Array<{ kind: string; status: string }>;
  const textStatus = new Map(texts.map((t) => [t.kind, t.status]));

  return {
    appointmentId: appointment.id,
    timeZone: shop.timeZone,
    events: events.map((e): AppointmentHistoryEvent => {
      const actor = {
        kind: e.actor.kind,
        name: e.actor.kind === 'staff' ? (e.actor.id ? (names.get(e.actor.id) ?? null) : null) : null,
      };
      const data =
        e.type === 'reminder_sent' && e.data.channel !== 'email'
          ? { ...e.data, status: textStatus.get('reminder') ?? '' }
          : e.data;
      const line = { type: e.type, actor, via: e.via, reason: e.reason, before: e.before, after: e.after, data };
      return {
        id: e.id,
        type: e.type,
        at: e.createdAt.toISOString(),
        actor,
        via: e.via,
        reason: e.reason,
        before: e.before,
        after: e.after,
        text: describeAppointmentEvent(line, shop.timeZone),
      };
    }),
  };
}
