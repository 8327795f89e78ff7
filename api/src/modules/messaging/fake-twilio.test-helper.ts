import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';

/**
 * A local Twilio for tests, behaving as Twilio's Messaging API documents: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth (AccountSid:AuthToken) and a form body
 * (To, From or MessagingServiceSid, Body, StatusCallback) answers 201 with the message resource ('SM' + 32 hex,
 * status 'queued'), 401 (code 20003) on bad credentials, 400 (code 21211) for an invalid 'To', and Twilio's error
 * shape for what a test makes fail. It posts webhooks signed with X-Twilio-Signature (HMAC-SHA1 of the URL and the
 * sorted form fields, base64) as Twilio does: delivery status callbacks and inbound messages.
 *
 * Numbers, as Twilio's Phone Numbers API documents: GET .../AvailablePhoneNumbers/{Country}/{Local|Mobile}.json
 * (SmsEnabled, AreaCode filters) lists numbers to buy; POST .../IncomingPhoneNumbers.json (PhoneNumber, SmsUrl,
 * SmsMethod, FriendlyName) buys one (201, 'PN' + 32 hex; 21422 when it is not available); DELETE
 * .../IncomingPhoneNumbers/{PN sid}.json releases it (204). An SMS 'From' must be the platform's number or one of
 * the account's incoming numbers (21606 otherwise), as Twilio refuses numbers the account does not own.
 *
 * For browser journeys in other processes it also answers `GET /__test/messages` and `POST /__test/inbound`
 * ({url, from, body}) and `POST /__test/status` ({sid, status}).
 */
export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** The platform's sender. */
  from: string;
  whatsappFrom: string;
  sent: SentMessage[];
  /** 'To' numbers Twilio refuses with 21211 (a permanent error). */
  invalidNumbers: Set<string>;
  /** Answer 500 to sends while true (an outage: the caller retries). */
  down: boolean;
  /**
   * Where webhooks really go when the public address they are signed for does not reach the test's server: the
   * origin replaces the callback URL's origin for delivery only (the signature still covers the public URL).
   */
  deliverTo: string | null;
  /** POSTs a signed status callback for a sent message, to its StatusCallback URL. */
  postStatus(sid: string, status: string, errorCode?: string): Promise<number>;
  /**
   * POSTs a signed inbound message to `url` (the public URL the signature covers; `target` where to send it). `to`
   * is the number written to (default the platform's); `messagingServiceSid` is sent when that number belongs to a
   * Messaging Service, as Twilio does.
   */
  postInbound(input: {
    url: string;
    target?: string;
    from: string;
    body: string;
    to?: string;
    messagingServiceSid?: string;
  }): Promise<number>;
  /** Numbers for sale per country (ISO alpha-2), 'Local' ones; tests add or empty them. */
  availableNumbers: Map<string, string[]>;
  /** Numbers the account owns (bought here, or added by a test as already owned). */
  incomingNumbers: IncomingNumber[];
  /** Adds a number the account already owns (what an operator would type in), returning its PN sid. */
  ownNumber(phoneNumber: string): string;
  /** POSTs with a wrong signature (a forgery). */
  postForged(url: string, fields: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

export interface IncomingNumber {
  sid: string;
  phoneNumber: string;
  smsUrl: string | null;
  friendlyName: string;
}

export interface SentMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  at: Date;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function postSigned(authToken: string, signedUrl: string, target: string, fields: Record<string, string>) {
  const res = await fetch(target, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': getExpectedTwilioSignature(authToken, signedUrl, fields),
      'user-agent': 'TwilioProxy/1.1',
    },
    body: new URLSearchParams(fields),
  });
  await res.body?.cancel();
  return res.status;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export async function startFakeTwilio(options: { port?: number } = {}): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const sent: SentMessage[] = [];
  const invalidNumbers = new Set<string>();
  const availableNumbers = new Map<string, string[]>([
    ['US', ['+12125550180', '+12125550181', '+13125550182']],
    ['GB', []],
  ]);
  const incomingNumbers: IncomingNumber[] = [];
  const pnSid = () => `PN${randomBytes(16).toString('hex')}`;
  const numberResource = (n: IncomingNumber) => ({
    sid: n.sid,
    account_sid: accountSid,
    phone_number: n.phoneNumber,
    friendly_name: n.friendlyName,
    sms_url: n.smsUrl,
    sms_method: 'POST',
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    api_version: '2010-04-01',
    uri: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${n.sid}.json`,
  });
  const state = { down: false, deliverTo: null as string | null };
  const target = (publicUrl: string) => {
    if (!state.deliverTo) return publicUrl;
    const url = new URL(publicUrl);
    return `${state.deliverTo.replace(/\/+$/, '')}${url.pathname}${url.search}`;
  };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const twilioError = (status: number, code: number, message: string) => ({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });

  let fake: FakeTwilio;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    if (url.pathname === '/__test/messages' && req.method === 'GET') return json(res, 200, sent);
    if (url.pathname === '/__test/inbound' && req.method === 'POST') {
      const input = JSON.parse(body) as { url: string; target?: string; from: string; body: string };
      return json(res, 200, { status: await fake.postInbound(input) });
    }
    if (url.pathname === '/__test/status' && req.method === 'POST') {
      const input = JSON.parse(body) as { sid: string; status: string; errorCode?: string };
      return json(res, 200, { status: await fake.postStatus(input.sid, input.status, input.errorCode) });
    }
    const account = /^\/2010-04-01\/Accounts\/([^/]+)\//.exec(url.pathname);
    const auth = req.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (account && (auth !== expected || account[1] !== accountSid))
      return json(res, 401, twilioError(401, 20003, 'Authenticate'));
    const base = `/2010-04-01/Accounts/${accountSid}`;
    const available = new RegExp(`^${base}/AvailablePhoneNumbers/([A-Z]{2})/(Local|Mobile)\\.json$`).exec(url.pathname);
    if (available && req.method === 'GET') {
      const [, country = '', type] = available;
      const numbers = availableNumbers.get(country);
      if (!numbers) return json(res, 404, twilioError(404, 20404, 'The requested resource was not found'));
      const areaCode = url.searchParams.get('AreaCode');
      const listed = (type === 'Local' ? numbers : [])
        .filter((n) => !areaCode || n.startsWith(`+1${areaCode}`))
        .map((n) => ({
          friendly_name: n,
          phone_number: n,
          iso_country: country,
          capabilities: { voice: true, SMS: true, MMS: true },
          address_requirements: 'none',
          beta: false,
        }));
      return json(res, 200, { available_phone_numbers: listed, uri: url.pathname + url.search, end: listed.length });
    }
    if (url.pathname === `${base}/IncomingPhoneNumbers.json` && req.method === 'POST') {
      const form = new URLSearchParams(body);
      const wanted = form.get('PhoneNumber') ?? '';
      const country = [...availableNumbers.entries()].find(([, list]) => list.includes(wanted));
      if (!country) return json(res, 400, twilioError(400, 21422, 'PhoneNumber requested is not available'));
      country[1].splice(country[1].indexOf(wanted), 1);
      const bought: IncomingNumber = {
        sid: pnSid(),
        phoneNumber: wanted,
        smsUrl: form.get('SmsUrl'),
        friendlyName: form.get('FriendlyName') ?? wanted,
      };
      incomingNumbers.push(bought);
      return json(res, 201, numberResource(bought));
    }
    const oneNumber = new RegExp(`^${base}/IncomingPhoneNumbers/(PN[0-9a-f]{32})\\.json$`).exec(url.pathname);
    if (oneNumber && req.method === 'DELETE') {
      const index = incomingNumbers.findIndex((n) => n.sid === oneNumber[1]);
      if (index === -1) return json(res, 404, twilioError(404, 20404, 'The requested resource was not found'));
      incomingNumbers.splice(index, 1);
      res.writeHead(204).end();
      return;
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!match || req.method !== 'POST')
      return json(res, 404, twilioError(404, 20404, 'The requested resource was not found'));
    if (state.down) return json(res, 500, twilioError(500, 20500, 'Internal Server Error'));
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const bare = to.replace(/^whatsapp:/, '');
    if (!E164.test(bare) || invalidNumbers.has(bare)) {
      return json(res, 400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    }
    if (!form.get('From') && !form.get('MessagingServiceSid')) {
      return json(res, 400, twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required"));
    }
    if (!form.get('Body')) return json(res, 400, twilioError(400, 21602, 'Message body is required.'));
    const sender = form.get('From');
    if (
      sender &&
      !sender.startsWith('whatsapp:') &&
      sender !== from &&
      !incomingNumbers.some((n) => n.phoneNumber === sender)
    ) {
      return json(
        res,
        400,
        twilioError(
          400,
          21606,
          `The From phone number ${sender} is not a valid, SMS-capable inbound phone number or short code for your account.`,
        ),
      );
    }
    const message: SentMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to,
      from: form.get('From'),
      messagingServiceSid: form.get('MessagingServiceSid'),
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback'),
      at: new Date(),
    };
    sent.push(message);
    return json(res, 201, {
      sid: message.sid,
      account_sid: accountSid,
      to: message.to,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid,
      body: message.body,
      status: 'queued',
      num_segments: String(Math.max(1, Math.ceil(message.body.length / 160))),
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: message.at.toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const from = '+15005550006';
  const whatsappFrom = '+14155238886';

  fake = {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    whatsappFrom,
    sent,
    invalidNumbers,
    availableNumbers,
    incomingNumbers,
    ownNumber(phoneNumber) {
      const owned: IncomingNumber = { sid: pnSid(), phoneNumber, smsUrl: null, friendlyName: phoneNumber };
      incomingNumbers.push(owned);
      return owned.sid;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get deliverTo() {
      return state.deliverTo;
    },
    set deliverTo(value: string | null) {
      state.deliverTo = value;
    },
    async postStatus(sid, status, errorCode) {
      const message = sent.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no status callback for ${sid}`);
      const fields: Record<string, string> = {
        AccountSid: accountSid,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        From: message.from ?? from,
        ApiVersion: '2010-04-01',
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      };
      return postSigned(authToken, message.statusCallback, target(message.statusCallback), fields);
    },
    async postInbound(input) {
      const whatsapp = input.from.startsWith('whatsapp:');
      const fields = {
        AccountSid: accountSid,
        MessageSid: `SM${randomBytes(16).toString('hex')}`,
        SmsMessageSid: '',
        From: input.from,
        To: input.to ?? (whatsapp ? `whatsapp:${whatsappFrom}` : from),
        ...(input.messagingServiceSid ? { MessagingServiceSid: input.messagingServiceSid } : {}),
        Body: input.body,
        NumMedia: '0',
        NumSegments: '1',
        ApiVersion: '2010-04-01',
      };
      fields.SmsMessageSid = fields.MessageSid;
      return postSigned(authToken, input.url, input.target ?? target(input.url), fields);
    },
    async postForged(url, fields) {
      const res = await fetch(target(url), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': getExpectedTwilioSignature('not-the-token', url, fields),
        },
        body: new URLSearchParams(fields),
      });
      await res.body?.cancel();
      return res.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
