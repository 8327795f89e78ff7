import { TEXT_CHANNEL_NAMES, type TextChannel } from '@barberly/common';
import type { Logger } from 'pino';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { Config } from '../../config';
import { observeCall } from '../../platform/metrics/metrics';

export type TwilioConfig = Pick<
  Config,
  | 'TWILIO_ACCOUNT_SID'
  | 'TWILIO_AUTH_TOKEN'
  | 'TWILIO_FROM'
  | 'TWILIO_MESSAGING_SERVICE_SID'
  | 'TWILIO_WHATSAPP_FROM'
  | 'TWILIO_API_URL'
  | 'PUBLIC_ORIGIN'
>;

export interface SentText {
  /** Twilio's message SID; null when only logged. */
  sid: string | null;
  status: 'queued' | 'sent' | 'logged';
}

/** A refusal the provider will repeat (a bad number, an unsubscribed recipient): retrying cannot help. */
export class PermanentTextError extends Error {
  override name = 'PermanentTextError';
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
  }
}

/** A shop's own SMS sender (issue 23): its number, or its Messaging Service. Absent: the platform's shared one. */
export interface TextSender {
  from?: string | null;
  messagingServiceSid?: string | null;
}

export interface TextProvider {
  /** Whether the channel can send (credentials and a sender); otherwise texts are written to the log. */
  ready(channel: TextChannel, sender?: TextSender | null): boolean;
  send(input: { to: string; channel: TextChannel; body: string; sender?: TextSender | null }): Promise<SentText>;
  /** Whether a webhook really came from Twilio (X-Twilio-Signature over the public URL and the form fields). */
  verify(signature: string | undefined, path: string, params: Record<string, string>): boolean;
  /** The public URL Twilio calls for `path` (what the signature covers). */
  publicUrl(path: string): string;
}

export const STATUS_CALLBACK_PATH = '/api/messaging/twilio/status';
export const INBOUND_PATH = '/api/messaging/twilio/inbound';

const whatsapp = (number: string) => (number.startsWith('whatsapp:') ? number : `whatsapp:${number}`);

/**
 * Twilio's Messaging API (POST /2010-04-01/Accounts/{sid}/Messages.json), which carries SMS and WhatsApp through
 * one interface, at TWILIO_API_URL. Without credentials and a sender a channel is 'not set up': each text is written
 * to the log the way mail is without SMTP, and the caller falls back to e-mail.
 */
export function createTextProvider(config: TwilioConfig, logger: Logger): TextProvider {
  const sid = config.TWILIO_ACCOUNT_SID;
  const token = config.TWILIO_AUTH_TOKEN;
  const base = config.TWILIO_API_URL.replace(/\/+$/, '');
  const origin = new URL(config.PUBLIC_ORIGIN).origin;
  const ready = (channel: TextChannel, sender?: TextSender | null) =>
    Boolean(
      sid &&
        token &&
        (channel === 'sms'
          ? sender?.messagingServiceSid || sender?.from || config.TWILIO_FROM || config.TWILIO_MESSAGING_SERVICE_SID
          : config.TWILIO_WHATSAPP_FROM),
    );

  return {
    ready,
    publicUrl: (path) => `${origin}${path}`,
    async send({ to, channel, body, sender }) {
      if (!ready(channel, sender) || !sid || !token) {
        logger.info({ channel, to, body }, `text message (${TEXT_CHANNEL_NAMES[channel]} is not set up; not sent)`);
        return { sid: null, status: 'logged' };
      }
      const form = new URLSearchParams({
        To: channel === 'whatsapp' ? whatsapp(to) : to,
        Body: body,
        StatusCallback: `${origin}${STATUS_CALLBACK_PATH}`,
      });
      if (channel === 'whatsapp') form.set('From', whatsapp(config.TWILIO_WHATSAPP_FROM ?? ''));
      // The shop's own sender first (issue 23): its replies then come back to its number and nowhere else.
      else if (sender?.messagingServiceSid) form.set('MessagingServiceSid', sender.messagingServiceSid);
      else if (sender?.from) form.set('From', sender.from);
      else if (config.TWILIO_MESSAGING_SERVICE_SID)
        form.set('MessagingServiceSid', config.TWILIO_MESSAGING_SERVICE_SID);
      else form.set('From', config.TWILIO_FROM ?? '');
      const res = await observeCall(
        'twilio',
        'messages.create',
        () =>
          fetch(`${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`, {
            method: 'POST',
            headers: {
              authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            body: form,
            signal: AbortSignal.timeout(15_000),
          }),
        (answer) => !answer.ok,
      );
      const answer = (await res.json().catch(() => ({}))) as {
        sid?: string;
        status?: string;
        code?: number;
        message?: string;
      };
      if (res.ok && answer.sid) {
        return { sid: answer.sid, status: answer.status === 'sent' ? 'sent' : 'queued' };
      }
      const message = `Twilio answered ${res.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message ?? 'no message'}`;
      // 4xx other than rate limits and auth trouble is about this message (a bad or unsubscribed number): final.
      if (res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 401 && res.status !== 403) {
        throw new PermanentTextError(message, answer.code ?? null);
      }
      throw new Error(message);
    },
    verify(signature, path, params) {
      if (!token || !signature) return false;
      return validateRequest(token, signature, `${origin}${path}`, params);
    },
  };
}
