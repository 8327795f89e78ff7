// One cohesive thing: the local fake of one provider (Stripe Connect), one HTTP server whose routes, pages and signed events share one in-memory store (accounts, sessions, intents, charges) inside startFakeStripeConnect.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe Connect endpoints the payments module calls (issue 27 item 7), answering as Stripe
 * documents them: form-encoded requests, JSON objects with `object` and ids, errors as `{error: {type, code, …}}`
 * with Stripe's statuses (402 for a card error), the `Stripe-Account` header choosing the connected account, and
 * Connect events (with `account`) signed with Stripe's own `generateTestHeaderString` (`Stripe-Signature: t=…,v1=…`).
 *
 * - Accounts (Express) and Account Links: the link's page (`GET /connect/onboard/{acct}`) completes onboarding,
 *   sends `account.updated` and redirects to the return URL, as the real flow ends.
 * - Checkout Sessions in `payment` and `setup` mode: `GET /checkout/{id}` is an HTML page with "Pay" (or "Save
 *   card") and "Cancel" buttons and a card choice (Stripe's test cards: works, needs authentication off-session,
 *   declined). Paying makes the PaymentIntent (or SetupIntent), saves the card on the customer, sends
 *   `checkout.session.completed` and `payment_intent.succeeded` / `setup_intent.succeeded`, and redirects to the
 *   success URL. Cancel redirects to the cancel URL; `expireSession` sends `checkout.session.expired`.
 * - PaymentIntents: off-session with a saved card succeed, or fail with 402 `authentication_required` (the intent
 *   left `requires_payment_method`), or `card_declined`; on-session with the authentication card they stop at
 *   `requires_action`.
 * - SetupIntents, refunds (`charge.refunded`), disputes (`disputeCharge` sends `charge.dispute.created`), balance and
 *   payouts per account.
 * - `delivery`: each event sent `copies` times, and a completion's events in reverse order when `reverse`.
 */

export type CardBehaviour = 'ok' | 'auth_required' | 'declined';

export interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  country: string;
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  metadata: Record<string, string>;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  account: string;
  mode: 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number | null;
  currency: string | null;
  customer: string | null;
  payment_intent: string | null;
  setup_intent: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  url: string;
  expires_at: number;
  /** Not Stripe's: what the intent will carry. */
  intentMetadata: Record<string, string>;
  applicationFee: number;
  saveCard: boolean;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  account: string;
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  customer: string | null;
  payment_method: string | null;
  latest_charge: string | null;
  application_fee_amount: number | null;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  next_action: { type: string } | null;
  /** Not Stripe's: refunded so far (on its charge). */
  refunded: number;
}

export interface FakeEventOptions {
  /** Deliver each event this many times (default 1). */
  copies?: number;
  /** Deliver a group of events (a Checkout completion) last to first. */
  reverse?: boolean;
}

export interface FakeStripeConnect {
  url: string;
  requests: Array<{ method: string; path: string; form: Record<string, string>; account: string | null }>;
  accounts: Map<string, FakeAccount>;
  sessions: Map<string, FakeSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Array<{ id: string; account: string; payment_intent: string; amount: number; reason: string | null }>;
  /** Every event sent, in order, and the api's answer. */
  sent: Array<{ id: string; type: string; status: number }>;
  webhookUrl: string;
  secret: string;
  delivery: FakeEventOptions;
  /** Onboarding done: charges and payouts enabled, nothing due. */
  completeOnboarding(accountId: string): Promise<void>;
  /** Pays (or saves the card of) an open session as the hosted page would, without a browser. */
  completeSession(sessionId: string, card?: CardBehaviour): Promise<{ redirect: string }>;
  /** The session lapsed unpaid: `checkout.session.expired`. */
  expireSession(sessionId: string): Promise<void>;
  /** The client's bank opens a dispute on the intent's charge. */
  disputeCharge(paymentIntentId: string, reason?: string): Promise<string>;
  addPayout(accountId: string, amount: number, currency: string, arrivalDate?: number): void;
  /** Sends a signed Connect event of the account. */
  sendEvent(
    type: string,
    object: unknown,
    account: string,
    options?: { id?: string; signature?: string },
  ): Promise<number>;
  /** Waits for the events that api calls caused (Stripe sends those after answering the call). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `metadata[a]=1&metadata[b]=2` (or under a prefix) back into an object. */
function nested(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) {
      const inner = key.slice(prefix.length + 1, -1);
      if (!inner.includes('[')) out[inner] = value;
    }
  }
  return out;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export async function startFakeStripeConnect(
  options: { webhookUrl?: string; secret?: string } = {},
): Promise<FakeStripeConnect> {
  const stripe = new Stripe('sk_test_fake');
  const customers = new Map<string, { id: string; account: string; email: string | null }>();
  const paymentMethods = new Map<string, { id: string; account: string; customer: string; behaviour: CardBehaviour }>();
  const setupIntents = new Map<string, Record<string, unknown> & { id: string; account: string }>();
  const charges = new Map<string, { id: string; account: string; payment_intent: string; amount: number }>();
  const payouts: Array<{ id: string; account: string; amount: number; currency: string; arrival_date: number }> = [];
  let base = '';
  const inFlight = new Set<Promise<unknown>>();
  /** Events an api call causes go out after the answer, as Stripe's do (never while the caller waits on it). */
  const later = (work: () => Promise<unknown>) => {
    const p = new Promise((resolve) => setImmediate(resolve)).then(work).catch(() => undefined);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const sendRaw = async (type: string, object: unknown, account: string, id?: string, signature?: string) => {
    const eventId = id ?? newId('evt');
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-01-27.acacia',
      type,
      account,
      created: nowSeconds(),
      livemode: false,
      data: { object },
    });
    const header = signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: fake.secret });
    const res = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    await res.arrayBuffer();
    fake.sent.push({ id: eventId, type, status: res.status });
    return res.status;
  };

  /** A group of events as Stripe would send them, with the test's delivery options; each event keeps its id. */
  const deliver = async (account: string, events: Array<{ type: string; object: unknown }>) => {
    const withIds = events.map((e) => ({ ...e, id: newId('evt') }));
    const ordered = fake.delivery.reverse ? [...withIds].reverse() : withIds;
    for (const event of ordered) {
      for (let copy = 0; copy < (fake.delivery.copies ?? 1); copy++) {
        await sendRaw(event.type, event.object, account, event.id);
      }
    }
  };

  const publicIntent = (pi: FakePaymentIntent) => {
    const { refunded: _r, account: _a, ...rest } = pi;
    return rest;
  };
  const publicSession = (s: FakeSession) => {
    const { intentMetadata: _m, applicationFee: _f, saveCard: _c, account: _a, ...rest } = s;
    return rest;
  };
  const publicAccount = (a: FakeAccount) => a;

  const makeCharge = (account: string, pi: FakePaymentIntent) => {
    const charge = { id: newId('ch'), account, payment_intent: pi.id, amount: pi.amount };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    return charge;
  };

  const completeSession = async (sessionId: string, card: CardBehaviour = 'ok') => {
    const session = fake.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open')
      return { redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
    const customer = session.customer ?? newId('cus');
    if (!customers.has(customer)) customers.set(customer, { id: customer, account: session.account, email: null });
    const pm = { id: newId('pm'), account: session.account, customer, behaviour: card };
    paymentMethods.set(pm.id, pm);
    session.customer = customer;
    session.status = 'complete';
    const events: Array<{ type: string; object: unknown }> = [];
    if (session.mode === 'payment') {
      const pi: FakePaymentIntent = {
        id: newId('pi'),
        object: 'payment_intent',
        account: session.account,
        amount: session.amount_total ?? 0,
        amount_received: 0,
        currency: session.currency ?? 'usd',
        status: 'requires_payment_method',
        customer,
        payment_method: pm.id,
        latest_charge: null,
        application_fee_amount: session.applicationFee || null,
        metadata: session.intentMetadata,
        last_payment_error: null,
        next_action: null,
        refunded: 0,
      };
      makeCharge(session.account, pi);
      fake.paymentIntents.set(pi.id, pi);
      session.payment_intent = pi.id;
      session.payment_status = 'paid';
      events.push({ type: 'checkout.session.completed', object: publicSession(session) });
      events.push({ type: 'payment_intent.succeeded', object: publicIntent(pi) });
    } else {
      const si = {
        id: newId('seti'),
        object: 'setup_intent',
        account: session.account,
        status: 'succeeded',
        customer,
        payment_method: pm.id,
        usage: 'off_session',
        metadata: session.intentMetadata,
      };
      setupIntents.set(si.id, si);
      session.setup_intent = si.id;
      session.payment_status = 'no_payment_required';
      const { account: _a, ...publicSi } = si;
      events.push({ type: 'checkout.session.completed', object: publicSession(session) });
      events.push({ type: 'setup_intent.succeeded', object: publicSi });
    }
    await deliver(session.account, events);
    return { redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
  };

  const fake: FakeStripeConnect = {
    url: '',
    requests: [],
    accounts: new Map(),
    sessions: new Map(),
    paymentIntents: new Map(),
    refunds: [],
    sent: [],
    webhookUrl: options.webhookUrl ?? '',
    secret: options.secret ?? `whsec_${randomBytes(12).toString('hex')}`,
    delivery: {},
    async completeOnboarding(accountId) {
      const account = fake.accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.details_submitted = true;
      account.charges_enabled = true;
      account.payouts_enabled = true;
      account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
      await deliver(accountId, [{ type: 'account.updated', object: publicAccount(account) }]);
    },
    completeSession,
    async expireSession(sessionId) {
      const session = fake.sessions.get(sessionId);
      if (session?.status !== 'open') return;
      session.status = 'expired';
      await deliver(session.account, [{ type: 'checkout.session.expired', object: publicSession(session) }]);
    },
    async disputeCharge(paymentIntentId, reason = 'fraudulent') {
      const pi = fake.paymentIntents.get(paymentIntentId);
      if (!pi?.latest_charge) throw new Error(`no charge for ${paymentIntentId}`);
      const dispute = {
        id: newId('dp'),
        object: 'dispute',
        amount: pi.amount,
        currency: pi.currency,
        charge: pi.latest_charge,
        payment_intent: pi.id,
        reason,
        status: 'needs_response',
        created: nowSeconds(),
      };
      await deliver(pi.account, [{ type: 'charge.dispute.created', object: dispute }]);
      return dispute.id;
    },
    addPayout(accountId, amount, currency, arrivalDate = nowSeconds() + 2 * 86_400) {
      payouts.push({ id: newId('po'), account: accountId, amount, currency, arrival_date: arrivalDate });
    },
    sendEvent: (type, object, account, eventOptions = {}) =>
      sendRaw(type, object, account, eventOptions.id, eventOptions.signature),
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(body));
  const missing = (res: ServerResponse, what: string) =>
    json(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });

  const checkoutPage = (session: FakeSession) => {
    const verb = session.mode === 'setup' ? 'Save card' : 'Pay';
    const total =
      session.amount_total !== null
        ? `${(session.amount_total / 100).toFixed(2)} ${session.currency?.toUpperCase()}`
        : '';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake Stripe Checkout</title></head><body><main>
<h1>Fake Stripe Checkout</h1>
<p>${escapeHtml(session.mode === 'setup' ? 'Save a card for later charges.' : `Amount due: ${total}`)}</p>
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay">
<fieldset><legend>Test card</legend>
<label><input type="radio" name="card" value="ok" checked> 4242 4242 4242 4242 (works)</label><br>
<label><input type="radio" name="card" value="auth_required"> 4000 0027 6000 3184 (asks for authentication)</label><br>
<label><input type="radio" name="card" value="declined"> 4000 0000 0000 0002 (declined later)</label>
</fieldset>
<button type="submit">${verb}</button>
</form>
<form method="post" action="/checkout/${escapeHtml(session.id)}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
  };

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      const form = req.method === 'POST' ? await readForm(req) : {};
      const account = (req.headers['stripe-account'] as string | undefined) ?? null;
      fake.requests.push({ method: req.method ?? '', path: url.pathname, form, account });
      const path = url.pathname;
      const post = req.method === 'POST';
      const get = req.method === 'GET';

      if (post && path === '/v1/accounts') {
        const created: FakeAccount = {
          id: newId('acct'),
          object: 'account',
          type: 'express',
          country: form.country ?? 'US',
          email: form.email ?? null,
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          requirements: {
            currently_due: ['business_profile.url', 'external_account', 'individual.dob.day', 'tos_acceptance.date'],
            eventually_due: [],
            past_due: [],
            disabled_reason: 'requirements.past_due',
          },
          metadata: nested(form, 'metadata'),
        };
        fake.accounts.set(created.id, created);
        return json(res, 200, created);
      }
      const accountPath = /^\/v1\/accounts\/(acct_\w+)$/.exec(path);
      if (get && accountPath) {
        const found = fake.accounts.get(accountPath[1]!);
        return found ? json(res, 200, found) : missing(res, 'account');
      }
      if (post && path === '/v1/account_links') {
        const found = fake.accounts.get(form.account ?? '');
        if (!found) return missing(res, 'account');
        const returnUrl = encodeURIComponent(form.return_url ?? '');
        return json(res, 200, {
          object: 'account_link',
          created: nowSeconds(),
          expires_at: nowSeconds() + 300,
          url: `${base}/connect/onboard/${found.id}?return=${returnUrl}`,
        });
      }
      const onboard = /^\/connect\/onboard\/(acct_\w+)$/.exec(path);
      if (get && onboard) {
        await fake.completeOnboarding(onboard[1]!);
        res.writeHead(303, { location: url.searchParams.get('return') ?? '/' }).end();
        return;
      }

      // Everything below runs on a connected account: Stripe-Account names it.
      const onAccount = account && fake.accounts.has(account) ? account : null;
      if (path.startsWith('/v1/') && !onAccount) {
        return json(res, 400, {
          error: { type: 'invalid_request_error', message: 'This request needs a connected account (Stripe-Account).' },
        });
      }
      const acct = onAccount as string;

      if (post && path === '/v1/customers') {
        const customer = { id: newId('cus'), account: acct, email: form.email ?? null };
        customers.set(customer.id, customer);
        return json(res, 200, { object: 'customer', id: customer.id, email: customer.email });
      }
      if (post && path === '/v1/checkout/sessions') {
        const mode = form.mode === 'setup' ? 'setup' : 'payment';
        const unit = Number(form['line_items[0][price_data][unit_amount]'] ?? 0);
        const quantity = Number(form['line_items[0][quantity]'] ?? 1);
        const session: FakeSession = {
          id: newId('cs_test'),
          object: 'checkout.session',
          account: acct,
          mode,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: mode === 'payment' ? unit * quantity : null,
          currency:
            mode === 'payment' ? (form['line_items[0][price_data][currency]'] ?? null) : (form.currency ?? null),
          customer: form.customer ?? null,
          payment_intent: null,
          setup_intent: null,
          metadata: nested(form, 'metadata'),
          success_url: form.success_url ?? '',
          cancel_url: form.cancel_url ?? null,
          url: '',
          expires_at: Number(form.expires_at ?? nowSeconds() + 24 * 3600),
          intentMetadata:
            mode === 'payment'
              ? nested(form, 'payment_intent_data[metadata]')
              : nested(form, 'setup_intent_data[metadata]'),
          applicationFee: Number(form['payment_intent_data[application_fee_amount]'] ?? 0),
          saveCard: form['payment_intent_data[setup_future_usage]'] === 'off_session',
        };
        session.url = `${base}/checkout/${session.id}`;
        fake.sessions.set(session.id, session);
        return json(res, 200, publicSession(session));
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
      if (sessionPath) {
        const session = fake.sessions.get(sessionPath[1]!);
        if (!session || session.account !== acct) return missing(res, 'checkout session');
        if (post && sessionPath[2]) {
          if (session.status === 'open') {
            session.status = 'expired';
            later(() => deliver(acct, [{ type: 'checkout.session.expired', object: publicSession(session) }]));
          }
          return json(res, 200, publicSession(session));
        }
        if (get) return json(res, 200, publicSession(session));
      }
      if (post && path === '/v1/payment_intents') {
        const pm = paymentMethods.get(form.payment_method ?? '');
        const pi: FakePaymentIntent = {
          id: newId('pi'),
          object: 'payment_intent',
          account: acct,
          amount: Number(form.amount ?? 0),
          amount_received: 0,
          currency: form.currency ?? 'usd',
          status: 'requires_payment_method',
          customer: form.customer ?? null,
          payment_method: pm?.id ?? null,
          latest_charge: null,
          application_fee_amount: form.application_fee_amount ? Number(form.application_fee_amount) : null,
          metadata: nested(form, 'metadata'),
          last_payment_error: null,
          next_action: null,
          refunded: 0,
        };
        fake.paymentIntents.set(pi.id, pi);
        if (form.confirm !== 'true') return json(res, 200, publicIntent(pi));
        if (!pm || pm.account !== acct) return missing(res, 'payment_method');
        const offSession = form.off_session === 'true';
        if (pm.behaviour === 'declined') {
          pi.last_payment_error = {
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          };
          later(() => deliver(acct, [{ type: 'payment_intent.payment_failed', object: publicIntent(pi) }]));
          return json(res, 402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: publicIntent(pi),
            },
          });
        }
        if (pm.behaviour === 'auth_required') {
          if (offSession) {
            pi.last_payment_error = {
              code: 'authentication_required',
              decline_code: 'authentication_required',
              message: 'Your card was declined. This transaction requires authentication.',
            };
            later(() => deliver(acct, [{ type: 'payment_intent.payment_failed', object: publicIntent(pi) }]));
            return json(res, 402, {
              error: {
                type: 'card_error',
                code: 'authentication_required',
                decline_code: 'authentication_required',
                message: 'Your card was declined. This transaction requires authentication.',
                payment_intent: publicIntent(pi),
              },
            });
          }
          pi.status = 'requires_action';
          pi.next_action = { type: 'use_stripe_sdk' };
          return json(res, 200, publicIntent(pi));
        }
        makeCharge(acct, pi);
        later(() => deliver(acct, [{ type: 'payment_intent.succeeded', object: publicIntent(pi) }]));
        return json(res, 200, publicIntent(pi));
      }
      const piPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(path);
      if (get && piPath) {
        const pi = fake.paymentIntents.get(piPath[1]!);
        return pi && pi.account === acct ? json(res, 200, publicIntent(pi)) : missing(res, 'payment_intent');
      }
      const siPath = /^\/v1\/setup_intents\/(seti_\w+)$/.exec(path);
      if (get && siPath) {
        const si = setupIntents.get(siPath[1]!);
        if (!si || si.account !== acct) return missing(res, 'setup_intent');
        const { account: _a, ...rest } = si;
        return json(res, 200, rest);
      }
      if (post && path === '/v1/refunds') {
        const pi = fake.paymentIntents.get(form.payment_intent ?? '');
        if (!pi || pi.account !== acct || !pi.latest_charge) return missing(res, 'payment_intent');
        const left = pi.amount - pi.refunded;
        const amount = form.amount ? Number(form.amount) : left;
        if (amount > left || amount <= 0) {
          return json(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
            },
          });
        }
        pi.refunded += amount;
        const refund = {
          id: newId('re'),
          object: 'refund',
          account: acct,
          amount,
          currency: pi.currency,
          payment_intent: pi.id,
          charge: pi.latest_charge,
          reason: form.reason ?? null,
          status: 'succeeded',
          metadata: nested(form, 'metadata'),
        };
        fake.refunds.push({ id: refund.id, account: acct, payment_intent: pi.id, amount, reason: refund.reason });
        const refundedEvent = [
          {
            type: 'charge.refunded',
            object: {
              id: pi.latest_charge,
              object: 'charge',
              amount: pi.amount,
              amount_refunded: pi.refunded,
              payment_intent: pi.id,
              refunded: pi.refunded >= pi.amount,
            },
          },
        ];
        later(() => deliver(acct, refundedEvent));
        const { account: _a, ...publicRefund } = refund;
        return json(res, 200, publicRefund);
      }
      if (get && path === '/v1/balance') {
        const byCurrency = new Map<string, number>();
        for (const pi of fake.paymentIntents.values()) {
          if (pi.account !== acct || pi.status !== 'succeeded') continue;
          const net = pi.amount - pi.refunded - (pi.application_fee_amount ?? 0);
          byCurrency.set(pi.currency, (byCurrency.get(pi.currency) ?? 0) + net);
        }
        for (const p of payouts) {
          if (p.account === acct) byCurrency.set(p.currency, (byCurrency.get(p.currency) ?? 0) - p.amount);
        }
        const list = [...byCurrency].map(([currency, amount]) => ({ amount, currency }));
        return json(res, 200, { object: 'balance', livemode: false, available: list, pending: [] });
      }
      if (get && path === '/v1/payouts') {
        const data = payouts
          .filter((p) => p.account === acct)
          .map(({ account: _a, ...p }) => ({ object: 'payout', status: 'paid', ...p }));
        return json(res, 200, { object: 'list', data, has_more: false, url: '/v1/payouts' });
      }

      // The hosted pages.
      const page = /^\/checkout\/([\w-]+)(\/pay|\/cancel)?$/.exec(path);
      if (page) {
        const session = fake.sessions.get(page[1]!);
        if (!session) return missing(res, 'checkout session');
        if (get && !page[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(session));
          return;
        }
        if (post && page[2] === '/pay') {
          const card = (['ok', 'auth_required', 'declined'] as const).find((c) => c === form.card) ?? 'ok';
          const { redirect } = await completeSession(session.id, card);
          res.writeHead(303, { location: redirect }).end();
          return;
        }
        if (post && page[2] === '/cancel') {
          res.writeHead(303, { location: session.cancel_url ?? session.success_url }).end();
          return;
        }
      }
      json(res, 404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    } catch (err) {
      json(res, 500, { error: { type: 'api_error', message: String(err) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
