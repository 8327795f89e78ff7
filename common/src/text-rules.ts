import { getCountries, isSupportedCountry } from 'libphonenumber-js/min';
import { z } from './zod';

/**
 * Texts reach the right shop and cannot be pumped (issue 23, decision 0170): where a shop may text, how many texts
 * a day, and what the owner and the client are told when a text is refused.
 */

/** How long a shop's text to a number makes it the shop a reply on the shared sender may go to. */
export const REPLY_WINDOW_DAYS = 30;

/** Default of TEXTS_PER_SHOP_PER_DAY: texts caused by online bookings per shop in 24 hours. */
export const DEFAULT_TEXTS_PER_SHOP_PER_DAY = 200;

/**
 * Texts to one number in 24 hours, across every shop (appointment texts and owners' messages). A real client gets
 * at most a confirmation, two reminders and a change or two a day; an attacker pumping one number stops here.
 */
export const TEXTS_PER_NUMBER_PER_DAY = 10;

const country = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z]{2}$/.test(v) && isSupportedCountry(v), 'Choose a country from the list');

/** Every country (ISO 3166-1 alpha-2) a phone number can belong to: the choices for the countries a shop texts. */
export function phoneCountries(): string[] {
  return getCountries();
}

/** PUT /api/shops/{id}/messaging/countries: the countries the shop texts (null: its own country only). */
export const TextCountriesSchema = z
  .object({
    countries: z
      .array(country)
      .min(1, 'Choose at least one country')
      .max(50, 'Choose at most 50 countries')
      .transform((list) => [...new Set(list)])
      .nullable(),
  })
  .strict();
export type TextCountriesInput = z.input<typeof TextCountriesSchema>;

/** Who sends the shop's SMS: the platform's shared sender, its own number or its own Messaging Service. */
export type TextSenderKind = 'shared' | 'number' | 'messaging_service';

/** GET /api/shops/{id}/messaging/sender */
export interface ShopTextSender {
  kind: TextSenderKind;
  /** The shop's own number (E.164) when it has one. */
  number: string | null;
  /** The countries the shop texts: its own list, or its own country when it has none. */
  countries: string[];
  /** Whether `countries` is the shop's own choice (false: the default, its own country). */
  custom: boolean;
  /** The shop's own country, the default. */
  homeCountry: string;
}

/** PUT /api/admin/shops/{id}/text-sender (operators): a number, a Messaging Service, or a number to buy. */
export const OperatorTextSenderSchema = z.union([
  z
    .object({
      phoneNumber: z
        .string()
        .trim()
        .regex(/^\+[1-9]\d{6,14}$/, 'Enter the number in E.164 form, such as +14155550123'),
    })
    .strict(),
  z
    .object({
      messagingServiceSid: z
        .string()
        .trim()
        .regex(/^MG[0-9a-fA-F]{32}$/, 'A Messaging Service SID starts with MG and has 32 hex characters'),
    })
    .strict(),
  z
    .object({
      buy: z
        .object({
          country,
          areaCode: z
            .string()
            .trim()
            .regex(/^\d{2,5}$/, 'Use digits only')
            .optional(),
        })
        .strict(),
    })
    .strict(),
]);
export type OperatorTextSender = z.input<typeof OperatorTextSenderSchema>;

export const TEXT_RULE_MESSAGES = {
  /** A booking or a reply to a number outside the shop's countries. */
  countryNotAllowed: (countries: string) =>
    `This shop sends texts only to numbers in ${countries}: use such a number, or choose e-mail`,
  /** A number libphonenumber does not class as mobile (a landline, a premium or shared-cost line). */
  notMobile: 'Texts go only to mobile numbers: enter a mobile number, or choose e-mail',
  /** The owner's message to a number that has had the day's texts. */
  numberCapReached: `This number has had the ${TEXTS_PER_NUMBER_PER_DAY} texts a number may get in a day: try again tomorrow`,
  senderTaken: 'Another shop already sends from this number or Messaging Service',
  senderShared: "That is Barberly's shared sender: give the shop a number or Messaging Service of its own",
  notSetUp: 'Twilio is not set up on this Barberly: add its credentials first',
} as const;

/** The question on the shared sender when a reply could be for more than one shop. */
export function whichShopQuestion(names: string[]): string {
  const list = names.map((name, i) => `${i + 1} ${name}`).join(', ');
  return `Which shop is your message for? Reply with its number: ${list}.`;
}

/** The confirmation of STOP on the shared sender: every shop texting from it stops. */
export const SHARED_STOP_TEXT =
  'You will get no more texts from the shops that use this number. Reply START to get them again.';
export const SHARED_START_TEXT = 'Texts from the shops that use this number are back on. Reply STOP to opt out.';
