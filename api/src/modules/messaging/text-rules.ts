import { phoneCountry, TEXT_RULE_MESSAGES, TEXTS_PER_NUMBER_PER_DAY } from '@barberly/common';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { DataSource, EntityManager } from 'typeorm';
import type { ShopEntity } from '../shops/shop.entity';
import type { TextSender } from './twilio';

/**
 * Where and how often a shop may text (issue 23, decision 0170). Pure rules first, then the two counts.
 * The full metadata ('max') is needed to tell a mobile number from a landline; it stays in the api.
 */

type ShopRules = Pick<ShopEntity, 'phoneNumber' | 'textCountries'>;

/** The countries the shop texts: its own list, else its own country (its number's, else DEFAULT_PHONE_COUNTRY). */
export function allowedCountries(shop: ShopRules, fallbackCountry: string): string[] {
  return shop.textCountries?.length ? shop.textCountries : [phoneCountry(shop.phoneNumber ?? '') ?? fallbackCountry];
}

/**
 * Why a number may not get the shop's texts, or null when it may. Only mobile numbers (or numbers whose plan does
 * not tell mobile from fixed, as in North America): a landline, premium or shared-cost line is where SMS pumping
 * earns its money. '+44 20 7946 0958' for a US shop: 'country'; '+1 900 555 0100': 'type'.
 */
export function textRefusal(phone: string, countries: readonly string[]): 'country' | 'type' | null {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed?.country || !countries.includes(parsed.country)) return 'country';
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? null : 'type';
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The refusal in words, for a booking form or the owner's message box. */
export function textRefusalMessage(refusal: 'country' | 'type', countries: readonly string[]): string {
  if (refusal === 'type') return TEXT_RULE_MESSAGES.notMobile;
  const names = countries.map((code) => countryNames.of(code) ?? code);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return TEXT_RULE_MESSAGES.countryNotAllowed(list);
}

/** The shop's own SMS sender, or null on the shared one. */
export function senderOf(
  shop: Pick<ShopEntity, 'textFrom' | 'textMessagingServiceSid'> | null | undefined,
): TextSender | null {
  if (!shop?.textMessagingServiceSid && !shop?.textFrom) return null;
  return { from: shop.textFrom, messagingServiceSid: shop.textMessagingServiceSid };
}

const DAY_MS = 86_400_000;

/** Texts that left (or were handed to Twilio) for this number in the last 24 hours, every shop together. */
export async function numberCapReached(manager: EntityManager, phone: string, now: Date): Promise<boolean> {
  const [row] = (await manager.query(
    `SELECT count(*)::int AS "n" FROM "text_messages"
     WHERE "phone" = $1 AND "direction" = 'out' AND "status" NOT IN ('logged', 'failed') AND "created_at" > $2`,
    [phone, new Date(now.getTime() - DAY_MS)],
  )) as Array<{ n: number }>;
  return (row?.n ?? 0) >= TEXTS_PER_NUMBER_PER_DAY;
}

/**
 * Runs `counted` in a transaction that holds the number's advisory lock: a cap check and the row that counts the
 * text (claimed 'queued' before sending) happen together, so two jobs or requests texting one number at the same
 * moment see each other and TEXTS_PER_NUMBER_PER_DAY is never passed, even by one.
 */
export async function underNumberLock<T>(
  dataSource: DataSource,
  phone: string,
  counted: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('text-number:' || $1::text, 0))`, [phone]);
    return counted(manager);
  });
}

/** Texts about online bookings this shop sent in the last 24 hours, against TEXTS_PER_SHOP_PER_DAY. */
export async function shopCapReached(
  manager: EntityManager,
  shopId: string,
  perDay: number,
  now: Date,
): Promise<boolean> {
  const [row] = (await manager.query(
    `SELECT count(*)::int AS "n" FROM "text_messages" t JOIN "appointments" a ON a."id" = t."appointment_id"
     WHERE t."shop_id" = $1 AND t."direction" = 'out' AND t."job" IS NOT NULL
       AND t."status" NOT IN ('logged', 'failed') AND a."source" = 'online' AND t."created_at" > $2`,
    [shopId, new Date(now.getTime() - DAY_MS)],
  )) as Array<{ n: number }>;
  return (row?.n ?? 0) >= perDay;
}
