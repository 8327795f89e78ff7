/**
 * How the client wants reminders (issue 15): e-mail, or a text channel the shop offers, with the client's consent
 * in common's wording. Shown in the details step, right after the phone number the texts go to.
 */
import {
  type BookingReminders,
  MESSAGING_MESSAGES,
  type ReminderChannel,
  type TextChannel,
  textConsentWording,
} from '@barberly/common';
import { Checkbox, Choice, ChoiceList, FieldError, Fieldset } from './booking-ui';

export const REMINDER_CONSENT_MESSAGE = MESSAGING_MESSAGES.consentNeeded;

const CHANNEL_LABELS: Record<ReminderChannel, string> = {
  email: 'E-mail',
  sms: 'Text message (SMS)',
  whatsapp: 'WhatsApp',
};

export interface ReminderAnswer {
  channel: ReminderChannel;
  consent: boolean;
}

export interface ReminderErrors {
  channel?: string;
  consent?: string;
}

/** SMS when the shop offers it, else e-mail: WhatsApp is never picked for the client. Consent is never assumed. */
export function defaultReminders(channels: readonly TextChannel[]): ReminderAnswer {
  return { channel: channels.includes('sms') ? 'sms' : 'email', consent: false };
}

/**
 * What the booking sends: nothing for a shop without text channels (its request stays what it always was), else
 * the choice, with consent only for a text channel (a box ticked before switching to e-mail is no consent).
 */
export function remindersRequest(
  channels: readonly TextChannel[],
  answer: ReminderAnswer,
): BookingReminders | undefined {
  if (channels.length === 0) return undefined;
  return { channel: answer.channel, consent: answer.channel !== 'email' && answer.consent };
}

/** The check before the review step: a text channel needs the box ticked. */
export function validateReminders(channels: readonly TextChannel[], answer: ReminderAnswer): ReminderErrors {
  if (channels.length === 0 || answer.channel === 'email' || answer.consent) return {};
  return { consent: REMINDER_CONSENT_MESSAGE };
}

/** The confirmation's line about reminders; null for e-mail, where the confirmation already names the address. */
export function reminderSentence(channel: ReminderChannel | undefined, phone: string): string | null {
  if (channel === 'sms') return `We'll text reminders to ${phone}.`;
  if (channel === 'whatsapp') return `We'll send reminders on WhatsApp to ${phone}.`;
  return null;
}

/** How the review step names the choice. */
export function reminderLabel(channel: ReminderChannel): string {
  return CHANNEL_LABELS[channel];
}

/**
 * The radio group and, for a text channel, the consent box (never pre-ticked). Ids follow the form's pattern:
 * `{idPrefix}-consent` is the box the form focuses when consent is missing, `{idPrefix}-{channel|consent}-error`
 * the messages.
 */
export function ReminderChoice({
  idPrefix,
  shopName,
  channels,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  shopName: string;
  channels: readonly TextChannel[];
  value: ReminderAnswer;
  onChange: (next: ReminderAnswer) => void;
  errors: ReminderErrors;
}) {
  if (channels.length === 0) return null;
  const offered: ReminderChannel[] = ['email', ...channels];
  const channelErrorId = `${idPrefix}-channel-error`;
  const consentErrorId = `${idPrefix}-consent-error`;
  const text = value.channel === 'email' ? null : value.channel;
  return (
    <Fieldset aria-describedby={errors.channel ? channelErrorId : undefined} data-reminder-choice="">
      <legend>How should we remind you?</legend>
      <ChoiceList>
        {offered.map((channel) => (
          <Choice
            key={channel}
            name={`${idPrefix}-reminder-channel`}
            value={channel}
            checked={value.channel === channel}
            // The consent is to one wording: a new channel asks again.
            onChange={() => onChange({ channel, consent: false })}
            testId="reminder-channel"
          >
            {CHANNEL_LABELS[channel]}
          </Choice>
        ))}
      </ChoiceList>
      {errors.channel ? <FieldError id={channelErrorId}>{errors.channel}</FieldError> : null}
      {text ? (
        <Checkbox
          id={`${idPrefix}-consent`}
          name="reminderConsent"
          checked={value.consent}
          invalid={Boolean(errors.consent)}
          describedBy={errors.consent ? consentErrorId : undefined}
          onChange={(consent) => onChange({ channel: text, consent })}
        >
          {textConsentWording(shopName, text)}
        </Checkbox>
      ) : null}
      {errors.consent ? <FieldError id={consentErrorId}>{errors.consent}</FieldError> : null}
    </Fieldset>
  );
}
