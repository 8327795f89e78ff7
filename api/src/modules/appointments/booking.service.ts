import { createHash } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  type BookedAppointment,
  type BookedVisit,
  type BookingReminders,
  BookingRequestSchema,
  MESSAGING_MESSAGES,
  normalizePhone,
  textConsentWording,
  VISIT_MESSAGES,
} from '@barberly/common';
import { badRequest, parseInput } from '../../platform/http/errors';
import { linkClient } from '../clients/client-matching';
import { manageUrlOf } from '../mail/booking-mails';
import { allowedCountries, textRefusal, textRefusalMessage } from '../messaging/text-rules';
import { shopCountry, textChannelsOf } from '../messaging/texts';
import { createSeriesForBooking } from '../series/series.service';
import type { ShopEntity } from '../shops/shop.entity';
import { loadVisibleShop } from '../shops/shop-access';
import { toAppointmentDto } from './appointment-view';
import type { BookingDeps } from './booking-deps';
import { claimIdempotencyKey } from './booking-maintenance';
import { bookVisit } from './lifecycle';
import { newManageToken } from './manage-token';
import { candidateBarbers, loadVisitServices, placeVisit } from './visit';

export type { BookingDeps } from './booking-deps';

export { BARBER_REFUSED, candidateBarbers, loadShopService, SERVICE_REFUSED } from './visit';

/**
 * How the client wants reminders (issue 15): a text channel only if the shop offers it, with consent (its time and
 * wording kept) and a number that can take texts; e-mail otherwise. Every number is kept in E.164 when it parses,
 * so a reply can be matched to its appointment.
 */
export function reminderChoice(
  deps: Pick<BookingDeps, 'config' | 'textProvider' | 'now'>,
  shop: ShopEntity,
  input: { client: { phone: string }; reminders?: BookingReminders },
) {
  const phone = normalizePhone(input.client.phone, shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US'));
  const wanted = input.reminders;
  if (!wanted || wanted.channel === 'email') {
    return { reminderChannel: 'email' as const, clientPhoneE164: phone };
  }
  if (!textChannelsOf(shop, deps.textProvider)[wanted.channel]) {
    const message = MESSAGING_MESSAGES.channelOff(wanted.channel);
    throw badRequest(message, { 'reminders.channel': message });
  }
  if (!wanted.consent) {
    throw badRequest(MESSAGING_MESSAGES.consentNeeded, { 'reminders.consent': MESSAGING_MESSAGES.consentNeeded });
  }
  if (!phone) throw badRequest(MESSAGING_MESSAGES.phoneForTexts, { 'client.phone': MESSAGING_MESSAGES.phoneForTexts });
  // Only the shop's countries and mobile numbers (issue 23): a booking form is not a way to text premium lines abroad.
  const countries = allowedCountries(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US');
  const refusal = textRefusal(phone, countries);
  if (refusal) {
    const message = textRefusalMessage(refusal, countries);
    throw badRequest(message, { 'client.phone': message });
  }
  return {
    reminderChannel: wanted.channel,
    reminderConsentAt: deps.now(),
    reminderConsentText: textConsentWording(shop.name, wanted.channel),
    clientPhoneE164: phone,
  };
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

function requestHash(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** A request's visit: serviceIds (issue 14) wins over the older single serviceId. */
export function visitServiceIds(input: { serviceId?: string; serviceIds?: string[] }): string[] {
  return input.serviceIds ?? (input.serviceId ? [input.serviceId] : []);
}

/**
 * POST /api/shops/{slug}/appointments. With an Idempotency-Key the key is claimed first in the same transaction:
 * a concurrent duplicate waits on it, then replays the stored 201 body; the same key with another body is a 409.
 */
export async function bookAppointment(
  deps: BookingDeps,
  slugOrId: string,
  body: unknown,
  idempotencyKey: string | undefined,
  /**
   * Who booked: 'online' (the shop's page, or a client texting the assistant), or 'staff' (the owner or a barber
   * through the assistant or MCP). Only 'online' bookings make a number one the owner may text and count against
   * TEXTS_PER_SHOP_PER_DAY (issue 23 item 5): staff can type any number, as in a walk-in.
   */
  options: { source?: 'online' | 'staff' } = {},
): Promise<BookedVisit> {
  const input = parseInput(BookingRequestSchema, body);
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw badRequest(BOOKING_MESSAGES.idempotencyKeyInvalid);
  }
  const shopForPublic = await loadVisibleShop(deps.dataSource.manager, slugOrId, undefined);
  await deps.billing?.assertTakingBookings(deps.dataSource.manager, shopForPublic.id);
  const hash = requestHash({ ...input, start: input.start.toISOString() });
  await deps.mailQueue.ready();

  return deps.dataSource.transaction(async (manager) => {
    if (idempotencyKey !== undefined) {
      const replay = await claimIdempotencyKey<BookedAppointment>(
        manager,
        shopForPublic.id,
        idempotencyKey,
        hash,
        (response): response is BookedAppointment => response !== null,
      );
      if (replay) return replay;
    }

    // The shop row is re-read inside the transaction: its settings decide.
    const shop = await loadVisibleShop(manager, shopForPublic.id, undefined);
    const services = await loadVisitServices(manager, shop, visitServiceIds(input));
    // A series (issue 14) only where the shop lets clients make one; its other visits follow the first below.
    if (input.repeat && !shop.clientsMayRepeat) {
      throw badRequest(VISIT_MESSAGES.repeatNotAllowed, { repeat: VISIT_MESSAGES.repeatNotAllowed });
    }
    const candidates = await candidateBarbers(manager, shop, input.barberId, input.start);
    const reminders = reminderChoice(deps, shop, input);
    const clientId = await linkClient(
      manager,
      shop.id,
      { ...input.client, phoneE164: reminders.clientPhoneE164 },
      shopCountry(shop, deps.config.DEFAULT_PHONE_COUNTRY ?? 'US'),
    );
    const token = newManageToken();
    const {
      result: appointment,
      barber,
      visit,
    } = await placeVisit(
      manager,
      { shop, services, candidates, start: input.start, now: deps.now(), barberNamed: input.barberId !== 'any' },
      (candidate, visit, end) =>
        bookVisit(deps, manager, {
          shop,
          visit,
          actor: deps.actor ?? { kind: 'client', id: clientId },
          via: deps.actor?.kind === 'assistant' ? 'assistant' : 'online',
          manageToken: token.token,
          fields: {
            shopId: shop.id,
            barberId: candidate.id,
            currency: shop.currency,
            startsAt: input.start,
            endsAt: end,
            status: 'confirmed',
            source: options.source ?? 'online',
            clientName: input.client.name,
            clientEmail: input.client.email.toLowerCase(),
            clientPhone: input.client.phone,
            clientId,
            note: input.note,
            manageTokenHash: token.hash,
            version: 1,
            ...reminders,
          },
        }),
    );
    const series = input.repeat
      ? await createSeriesForBooking(manager, deps, {
          shop,
          appointment,
          services,
          barber,
          repeat: input.repeat,
          client: input.client,
          manageTokenHash: token.hash,
        })
      : undefined;
    const response: BookedVisit = {
      ...toAppointmentDto({ appointment, barber, shop, items: visit.items }),
      ...(series ? { seriesId: series.series.id, series } : {}),
      manageToken: token.token,
      manageUrl: manageUrlOf(deps.config.PUBLIC_ORIGIN, shop, token.token),
    };
    if (idempotencyKey !== undefined) {
      await manager.query(
        `UPDATE "booking_idempotency_keys" SET "appointment_id" = $3, "response" = $4::jsonb
         WHERE "shop_id" = $1 AND "key" = $2`,
        [shop.id, idempotencyKey, appointment.id, JSON.stringify(response)],
      );
    }
    return response;
  });
}
