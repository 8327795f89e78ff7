import { observeCall } from '../../platform/metrics/metrics';
import { INBOUND_PATH, type TwilioConfig } from './twilio';

/** A number bought for a shop: its E.164 form and Twilio's IncomingPhoneNumber SID. */
export interface BoughtNumber {
  phoneNumber: string;
  sid: string;
}

export class TwilioNumbersError extends Error {
  override name = 'TwilioNumbersError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Buying and releasing a shop's own number through Twilio's REST API at TWILIO_API_URL (issue 23):
 * GET  /2010-04-01/Accounts/{sid}/AvailablePhoneNumbers/{Country}/{Local|Mobile}.json?SmsEnabled=true[&AreaCode=]
 * POST /2010-04-01/Accounts/{sid}/IncomingPhoneNumbers.json (PhoneNumber, SmsUrl, SmsMethod, FriendlyName)
 * DELETE /2010-04-01/Accounts/{sid}/IncomingPhoneNumbers/{PN sid}.json
 * The bought number's SmsUrl is our inbound webhook, so replies to it arrive signed like every other.
 */
export function createTwilioNumbers(config: TwilioConfig) {
  const sid = config.TWILIO_ACCOUNT_SID;
  const token = config.TWILIO_AUTH_TOKEN;
  const base = `${config.TWILIO_API_URL.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid ?? '')}`;
  const origin = new URL(config.PUBLIC_ORIGIN).origin;

  async function call(method: string, path: string, form?: URLSearchParams) {
    if (!sid || !token) throw new TwilioNumbersError('Twilio is not set up on this Barberly', 503);
    const res = await observeCall(
      'twilio',
      `numbers.${method.toLowerCase()}`,
      () =>
        fetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
            accept: 'application/json',
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: form,
          signal: AbortSignal.timeout(15_000),
        }),
      (answer) => !answer.ok,
    );
    if (res.status === 204) return {};
    const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      throw new TwilioNumbersError(
        `Twilio answered ${res.status}${answer.code ? ` (${answer.code})` : ''}: ${String(answer.message ?? 'no message')}`,
        res.status,
      );
    }
    return answer;
  }

  return {
    /** Buys the first SMS-capable number Twilio offers in `country` (a local one, else a mobile one). */
    async buy(input: { country: string; areaCode?: string; friendlyName: string }): Promise<BoughtNumber> {
      const query = new URLSearchParams({ SmsEnabled: 'true' });
      if (input.areaCode) query.set('AreaCode', input.areaCode);
      const country = encodeURIComponent(input.country.toUpperCase());
      let candidate: string | undefined;
      for (const type of ['Local', 'Mobile']) {
        const list = (await call('GET', `/AvailablePhoneNumbers/${country}/${type}.json?${query}`).catch((err) => {
          // A country without this type of number answers 404: try the next type.
          if (err instanceof TwilioNumbersError && err.status === 404) return {};
          throw err;
        })) as { available_phone_numbers?: Array<{ phone_number?: string }> };
        candidate = list.available_phone_numbers?.find((n) => n.phone_number)?.phone_number;
        if (candidate) break;
      }
      if (!candidate) throw new TwilioNumbersError('Twilio has no SMS number to offer there', 404);
      const bought = (await call(
        'POST',
        '/IncomingPhoneNumbers.json',
        new URLSearchParams({
          PhoneNumber: candidate,
          SmsUrl: `${origin}${INBOUND_PATH}`,
          SmsMethod: 'POST',
          FriendlyName: input.friendlyName.slice(0, 64),
        }),
      )) as { sid?: string; phone_number?: string };
      if (!bought.sid || !bought.phone_number) throw new TwilioNumbersError('Twilio did not return the number', 502);
      return { phoneNumber: bought.phone_number, sid: bought.sid };
    },
    /** Gives a bought number back to Twilio. */
    async release(numberSid: string): Promise<void> {
      await call('DELETE', `/IncomingPhoneNumbers/${encodeURIComponent(numberSid)}.json`);
    },
  };
}
