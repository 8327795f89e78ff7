import { z } from './zod';

/** Text reminders (issue 15): SMS and WhatsApp through Twilio, both ways, with consent. */

export const REMINDER_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export type TextChannel = Exclude<ReminderChannel, 'email'>;

/** A text channel's name in sentences and labels. */
export const TEXT_CHANNEL_NAMES: Record<TextChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

/** What a booking says about reminders: `reminders` on POST /api/shops/{slug}/appointments (absent: e-mail). */
export const BookingRemindersSchema = z
  .object({
    channel: z.enum(REMINDER_CHANNELS, { message: 'Choose e-mail, SMS or WhatsApp' }),
    consent: z.boolean({ message: 'Say whether you agree to receive texts' }),
  })
  .strict();
export type BookingReminders = z.infer<typeof BookingRemindersSchema>;

/** The consent wording shown beside the text channels; recorded with the booking, with its time. */
export function textConsentWording(shopName: string, channel: TextChannel): string {
  const medium = channel === 'whatsapp' ? 'WhatsApp messages' : 'text messages';
  return `I agree to receive appointment ${medium} from ${shopName} at this number: confirmations and reminders. Message and data rates may apply. Reply STOP to opt out, HELP for help.`;
}

/** The messages a shop sends about an appointment, and their templates. */
export const TEXT_KINDS = ['confirmation', 'reminder', 'rescheduled', 'cancellation'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** Placeholders a template may use. */
export const TEMPLATE_PLACEHOLDERS = [
  '{shop}',
  '{service}',
  '{barber}',
  '{date}',
  '{time}',
  '{link}',
  '{phone}',
] as const;

export const DEFAULT_TEXT_TEMPLATES: Record<TextKind, string> = {
  confirmation: '{shop}: you are booked for {service} with {barber} on {date} at {time}. Manage: {link}',
  reminder: '{shop}: reminder of {service} with {barber} on {date} at {time}. Reply C to confirm, X to cancel. {link}',
  rescheduled: '{shop}: your appointment moved to {date} at {time} with {barber}. Manage: {link}',
  cancellation: '{shop}: your appointment on {date} at {time} is cancelled. Book again: {link}',
};

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 21:00');
const template = z
  .string()
  .trim()
  .min(10, 'A message needs at least 10 characters')
  .max(480, 'Keep a message under 480 characters (3 SMS)');

/** PATCH /api/shops/{id}/messaging: only the keys sent change. */
export const MessagingSettingsPatchSchema = z
  .object({
    smsEnabled: z.boolean(),
    whatsappEnabled: z.boolean(),
    /** A second reminder this many minutes before the start (0: none); the first is the shop's reminder lead time. */
    secondReminderMinutes: z
      .number()
      .int()
      .min(0, 'Between 0 and 10,080 minutes')
      .max(10_080, 'Between 0 and 10,080 minutes'),
    /** No text goes out between quietStart and quietEnd, shop time: it waits for quietEnd. */
    quietStart: time,
    quietEnd: time,
    /** null or absent: the default template. */
    templates: z.object(Object.fromEntries(TEXT_KINDS.map((k) => [k, template.nullable().optional()]))).strict(),
  })
  .partial()
  .strict();
export type MessagingSettingsPatch = z.input<typeof MessagingSettingsPatchSchema>;

/** GET /api/shops/{id}/messaging */
export interface MessagingSettings {
  /** Whether this Barberly has Twilio credentials and a sender for the channel ('not_set_up': messages go to the log). */
  provider: { sms: 'ready' | 'not_set_up'; whatsapp: 'ready' | 'not_set_up' };
  smsEnabled: boolean;
  whatsappEnabled: boolean;
  /** The shop's reminder lead time (booking settings), for reference. */
  reminderLeadMinutes: number;
  secondReminderMinutes: number;
  quietStart: string;
  quietEnd: string;
  /** The shop's own templates (null: the default, in `defaults`). */
  templates: Record<TextKind, string | null>;
  defaults: Record<TextKind, string>;
  /** Text messages sent this calendar month (shop time), per channel. */
  sentThisMonth: { sms: number; whatsapp: number };
  /** Inbound messages the owner has not read. */
  unread: number;
}

/** POST /api/shops/{id}/messaging/preview {kind, template?} -> {text}: a template filled with a sample appointment. */
export const TemplatePreviewSchema = z.object({ kind: z.enum(TEXT_KINDS), template: template.optional() }).strict();

export type TextStatus = 'logged' | 'queued' | 'sent' | 'delivered' | 'failed' | 'undelivered' | 'received';

/** One text in or out (GET /api/shops/{id}/messages, newest first). */
export interface TextMessage {
  id: string;
  direction: 'in' | 'out';
  channel: TextChannel;
  /** The client's number, E.164. */
  phone: string;
  /** The client's name when the number belongs to one of the shop's appointments. */
  clientName: string | null;
  body: string;
  /** confirmation, reminder, rescheduled, cancellation, reply (the owner's), or the answer to a keyword. */
  kind: string;
  status: TextStatus;
  appointmentId: string | null;
  createdAt: string;
  /** Inbound only: when the owner read it (null: unread). */
  readAt: string | null;
}

/** POST /api/shops/{id}/messages: the owner answers a client. */
export const OwnerReplySchema = z
  .object({
    phone: z.string().trim().min(5, 'Enter the phone number').max(40),
    channel: z.enum(['sms', 'whatsapp']),
    body: z.string().trim().min(1, 'Write a message').max(480, 'Keep a message under 480 characters (3 SMS)'),
  })
  .strict();

/** Keywords of an inbound text (case and surrounding spaces ignored). */
export const TEXT_KEYWORDS = {
  optOut: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'END', 'QUIT', 'OPTOUT', 'REVOKE'],
  optIn: ['START', 'UNSTOP', 'SUBSCRIBE'],
  help: ['HELP', 'INFO'],
  confirm: ['C', 'YES', 'Y', 'CONFIRM'],
  cancel: ['X', 'CANCEL'],
} as const;

export const MESSAGING_MESSAGES = {
  consentNeeded: 'Agree to receive texts, or choose e-mail',
  channelOff: (channel: TextChannel) =>
    `This shop does not send ${TEXT_CHANNEL_NAMES[channel]} reminders: choose e-mail`,
  phoneForTexts: 'Enter a mobile number that can receive texts (with its country code if it is from abroad)',
  optedOut: 'This number has opted out of texts from your shop',
  notAClient:
    'You can text only numbers that booked online with your shop or texted it; a walk-in with a number is not enough',
  notSetUp: 'Texts are not set up on this Barberly: add Twilio credentials to send them',
  channelNotSetUp: (channel: TextChannel) =>
    `${TEXT_CHANNEL_NAMES[channel]} is not set up on this Barberly: reminders go by e-mail`,
} as const;
