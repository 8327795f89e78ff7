import { z } from './zod';

/**
 * What reaches a barber's or owner's phone (issue 26 item 4, decision 0187). Each event can be turned on or off per
 * person, for push and for e-mail; absent keys: push on, e-mail as before (a barber's on, an owner's off).
 */
export const STAFF_NOTIFICATION_EVENTS = [
  'newBooking',
  'cancellation',
  'moved',
  'clientText',
  'waitlistClaim',
] as const;
export type StaffNotificationEvent = (typeof STAFF_NOTIFICATION_EVENTS)[number];
export const STAFF_NOTIFICATION_LABELS: Record<StaffNotificationEvent, string> = {
  newBooking: 'A new booking',
  cancellation: 'A cancellation',
  moved: 'An appointment moved',
  clientText: "A client's text",
  waitlistClaim: 'A waitlist claim on my chair',
};
export type StaffNotificationChoices = Record<StaffNotificationEvent, boolean>;

export interface NotificationPreferences {
  push: StaffNotificationChoices;
  email: StaffNotificationChoices;
  /** How many browsers of this person have push turned on. */
  pushSubscriptions: number;
}

const choicesSchema = z
  .object(Object.fromEntries(STAFF_NOTIFICATION_EVENTS.map((e) => [e, z.boolean().optional()])))
  .strict();

export const NotificationPreferencesPatchSchema = z
  .object({ push: choicesSchema.optional(), email: choicesSchema.optional() })
  .strict();
export type NotificationPreferencesPatch = z.infer<typeof NotificationPreferencesPatchSchema>;

export const PUSH_MESSAGES = {
  endpoint: 'Enter the push service address the browser gave (https)',
  keys: "Enter the subscription's keys (p256dh and auth) as the browser gave them",
  notConfigured: 'Push notifications are not set up on this server',
} as const;

/** A browser's PushSubscription.toJSON(). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string().trim().url(PUSH_MESSAGES.endpoint).max(2000, PUSH_MESSAGES.endpoint),
  keys: z.object(
    {
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, PUSH_MESSAGES.keys),
      auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, PUSH_MESSAGES.keys),
    },
    { error: PUSH_MESSAGES.keys },
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** What a push carries (the service worker shows it). */
export interface StaffPushPayload {
  event: StaffNotificationEvent;
  title: string;
  body: string;
  /** Where a tap opens, inside the admin. */
  url: string;
  tag: string;
}
