import { type BookedAppointment, BookingRemindersSchema, type HeldSlot, VISIT_MESSAGES } from '@barberly/common';
import { z } from 'zod';
import { notFound, parseInput } from '../../platform/http/errors';
import { toAppointmentDto } from '../appointments/appointment-view';
import { reminderChoice } from '../appointments/booking.service';
import { bookVisit } from '../appointments/lifecycle';
import { hashManageToken, isWellFormedToken, newManageToken } from '../appointments/manage-token';
import { loadVisitServices, placeVisit, visitFor } from '../appointments/visit';
import { BarberEntity } from '../barbers/barber.entity';
import { manageUrlOf } from '../mail/booking-mails';
import { ServiceEntity } from '../services/service.entity';
import { ShopEntity } from '../shops/shop.entity';
import { loadVisibleShop } from '../shops/shop-access';
import {
  effectiveStatus,
  expireHold,
  HOLD_COLUMNS,
  type HoldRow,
  holdExpired,
  holdLabel,
  holdTaken,
  type WaitlistDeps,
} from './holds';

/** The offer's link: what is held, and claiming it (decision 0160). */

const ClaimSchema = z.object({ reminders: BookingRemindersSchema.optional() }).strict();

async function findHold(manager: WaitlistDeps['dataSource']['manager'], token: string, lock: boolean) {
  if (!isWellFormedToken(token)) return null;
  const [hold] = (await manager.query(
    `SELECT ${HOLD_COLUMNS} FROM "slot_holds" WHERE "token_hash" = $1${lock ? ' FOR UPDATE' : ''}`,
    [hashManageToken(token)],
  )) as HoldRow[];
  return hold ?? null;
}

/** GET /api/waitlist/holds/{token}: an active hold past its time is reported expired. */
export async function getHeldSlot(deps: WaitlistDeps, token: string): Promise<HeldSlot> {
  const manager = deps.dataSource.manager;
  const hold = await findHold(manager, token, false);
  if (!hold) throw notFound(VISIT_MESSAGES.holdNotFound);
  const [shop, barber] = await Promise.all([
    manager.getRepository(ShopEntity).findOneOrFail({ where: { id: hold.shop_id } }),
    manager.getRepository(BarberEntity).findOneOrFail({ where: { id: hold.barber_id } }),
  ]);
  const [entry] = (await manager.query(`SELECT "client_name" FROM "waitlist_entries" WHERE "id" = $1`, [
    hold.waitlist_entry_id,
  ])) as Array<{ client_name: string }>;
  const found = await manager
    .getRepository(ServiceEntity)
    .createQueryBuilder('s')
    .where('s.id = ANY(:ids) AND s.shop_id = :shopId', { ids: hold.service_ids, shopId: shop.id })
    .getMany();
  const services = hold.service_ids
    .map((id) => found.find((s) => s.id === id))
    .filter((s): s is ServiceEntity => s !== undefined);
  // The barber's own durations and prices; the buffer is never shown to the client.
  const visit = services.length ? await visitFor(manager, services, barber) : null;
  const end = visit ? new Date(hold.starts_at.getTime() + visit.durationMinutes * 60_000) : hold.ends_at;
  return {
    status: effectiveStatus(hold, deps.now()),
    start: hold.starts_at.toISOString(),
    end: end.toISOString(),
    label: holdLabel(hold.starts_at, shop),
    expiresAt: hold.expires_at.toISOString(),
    barber: { id: barber.id, name: barber.name },
    services: services.map((s, i) => {
      const item = visit?.items[i];
      return {
        id: s.id,
        name: s.name,
        durationMinutes: item?.durationMinutes ?? s.durationMinutes,
        price: item?.price ?? Number(s.price),
      };
    }),
    shop: {
      id: shop.id,
      slug: shop.slug,
      name: shop.name,
      timeZone: shop.timeZone,
      currency: shop.currency,
      locale: shop.locale,
      clock: shop.clock,
    },
    client: { name: entry?.client_name ?? '' },
  };
}

/**
 * POST /api/waitlist/holds/{token}/claim: books the held slot and closes the hold in one transaction. The hold row
 * is locked first, so two claims of one link queue: the second sees it claimed (409). A hold past its time is
 * expired there and then and passed on (410). The booking goes through placeVisit with this hold excepted, like any
 * other booking: the barber's lock, their hours, and the exclusion constraint still decide.
 */
export async function claimHold(deps: WaitlistDeps, token: string, body: unknown): Promise<BookedAppointment> {
  const input = parseInput(ClaimSchema, body ?? {});
  await deps.mailQueue.ready();
  const outcome = await deps.dataSource.transaction(async (manager) => {
    const hold = await findHold(manager, token, true);
    if (!hold) throw notFound(VISIT_MESSAGES.holdNotFound);
    if (hold.status === 'claimed') throw holdTaken();
    const now = deps.now();
    const shop = await manager.getRepository(ShopEntity).findOneOrFail({ where: { id: hold.shop_id } });
    if (hold.status !== 'active') return { gone: true as const };
    if (effectiveStatus(hold, now) === 'expired') {
      // Committed before the 410 goes out: the next in line gets the slot.
      await expireHold(deps, manager, shop, hold);
      return { gone: true as const };
    }

    const visible = await loadVisibleShop(manager, shop.id, undefined);
    await deps.billing?.assertTakingBookings(manager, shop.id);
    const [entry] = (await manager.query(
      `SELECT "id", "client_id", "client_name", "client_email", "client_phone" FROM "waitlist_entries"
       WHERE "id" = $1 FOR UPDATE`,
      [hold.waitlist_entry_id],
    )) as Array<{
      id: string;
      client_id: string | null;
      client_name: string;
      client_email: string;
      client_phone: string;
    }>;
    if (!entry) throw notFound(VISIT_MESSAGES.holdNotFound);
    const services = await loadVisitServices(manager, visible, hold.service_ids);
    const barber = await manager.getRepository(BarberEntity).findOneOrFail({ where: { id: hold.barber_id } });
    const reminders = reminderChoice(deps, visible, {
      client: { phone: entry.client_phone },
      reminders: input.reminders,
    });
    const manage = newManageToken();
    const { result: appointment } = await placeVisit(
      manager,
      {
        shop: visible,
        services,
        candidates: [barber],
        start: hold.starts_at,
        now,
        ignoreNotice: true,
        claimingHoldId: hold.id,
      },
      (candidate, visit, end) =>
        bookVisit(deps, manager, {
          shop: visible,
          visit,
          actor: { kind: 'client', id: entry.client_id },
          via: 'waitlist',
          manageToken: manage.token,
          fields: {
            shopId: visible.id,
            barberId: candidate.id,
            serviceId: services[0]!.id,
            currency: visible.currency,
            startsAt: hold.starts_at,
            endsAt: end,
            bufferMinutes: visit.bufferMinutes,
            status: 'confirmed',
            source: 'online',
            clientName: entry.client_name,
            clientEmail: entry.client_email.toLowerCase(),
            clientPhone: entry.client_phone,
            clientId: entry.client_id,
            note: '',
            manageTokenHash: manage.hash,
            version: 1,
            ...reminders,
          },
        }),
    );
    await manager.query(`UPDATE "slot_holds" SET "status" = 'claimed', "appointment_id" = $2 WHERE "id" = $1`, [
      hold.id,
      appointment.id,
    ]);
    await manager.query(
      `UPDATE "waitlist_entries" SET "status" = 'booked', "appointment_id" = $2, "updated_at" = now() WHERE "id" = $1`,
      [entry.id, appointment.id],
    );
    const booked: BookedAppointment = {
      ...toAppointmentDto({ appointment, barber, shop: visible }),
      manageToken: manage.token,
      manageUrl: manageUrlOf(deps.config.PUBLIC_ORIGIN, visible, manage.token),
    };
    return { gone: false as const, booked };
  });
  if (outcome.gone) throw holdExpired();
  return outcome.booked;
}
