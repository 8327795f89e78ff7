import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the Stripe endpoints Barberly calls, answering as Stripe documents them (form-encoded
 * requests, JSON objects with `object` and ids), for tests: customers, Checkout Sessions, Customer Portal sessions,
 * subscriptions. Its hosted Checkout page (`GET /checkout/{id}`) "pays": it makes the subscription active, sends
 * `checkout.session.completed` to the webhook, signed with Stripe's own `generateTestHeaderString`, and redirects
 * to the success URL, as the real page does.
 */

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  metadata: Record<string, string>;
  created: number;
  items: { object: 'list'; data: Array<{ id: string; price: { id: string } }> };
}

export interface FakeStripe {
  url: string;
  /** Requests received: method, path and the decoded form fields. */
  requests: Array<{ method: string; path: string; form: Record<string, string> }>;
  subscriptions: Map<string, FakeSubscription>;
  /** Where to post events (the api's webhook URL). */
  webhookUrl: string;
  secret: string;
  createSubscription(input: { customer: string; price: string; shopId: string; status?: string }): FakeSubscription;
  /** Posts a signed event; returns the api's status. */
  sendEvent(
    type: string,
    object: unknown,
    options?: { id?: string; created?: number; signature?: string },
  ): Promise<number>;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startFakeStripe(options: { webhookUrl?: string; secret?: string } = {}): Promise<FakeStripe> {
  const requests: FakeStripe['requests'] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const sessions = new Map<string, { id: string; customer: string; price: string; success: string; shopId: string }>();
  const stripe = new Stripe('sk_test_fake');
  let base = '';

  const fake: FakeStripe = {
    url: '',
    requests,
    subscriptions,
    webhookUrl: options.webhookUrl ?? '',
    secret: options.secret ?? `whsec_${randomBytes(12).toString('hex')}`,
    createSubscription({ customer, price, shopId, status = 'active' }) {
      const subscription: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        status,
        customer,
        metadata: { shopId },
        created: Math.floor(Date.now() / 1000),
        items: { object: 'list', data: [{ id: id('si'), price: { id: price } }] },
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },
    async sendEvent(type, object, eventOptions = {}) {
      const payload = JSON.stringify({
        id: eventOptions.id ?? id('evt'),
        object: 'event',
        type,
        created: eventOptions.created ?? Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
      const header =
        eventOptions.signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: fake.secret });
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      return res.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const form = req.method === 'POST' ? await readForm(req) : {};
    requests.push({ method: req.method ?? '', path: url.pathname, form });
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = { id: id('cus'), email: form.email ?? '', metadata: { shopId: form['metadata[shopId]'] ?? '' } };
      customers.set(customer.id, customer);
      return json(res, 200, { object: 'customer', ...customer });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const session = {
        id: id('cs'),
        customer: form.customer ?? '',
        price: form['line_items[0][price]'] ?? '',
        success: form.success_url ?? '',
        shopId: form['subscription_data[metadata][shopId]'] ?? form['metadata[shopId]'] ?? '',
      };
      sessions.set(session.id, session);
      return json(res, 200, {
        object: 'checkout.session',
        id: session.id,
        mode: form.mode,
        customer: session.customer,
        url: `${base}/checkout/${session.id}`,
        success_url: session.success,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      return json(res, 200, {
        object: 'billing_portal.session',
        id: id('bps'),
        url: `${base}/portal/${form.customer}`,
      });
    }
    const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && subscription) {
      const found = subscriptions.get(subscription[1] ?? '');
      if (!found) {
        return json(res, 404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
        });
      }
      return json(res, 200, found);
    }
    const checkout = /^\/checkout\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && checkout) {
      const session = sessions.get(checkout[1] ?? '');
      if (!session) return json(res, 404, { error: { message: 'No such checkout session' } });
      const created = fake.createSubscription({
        customer: session.customer,
        price: session.price,
        shopId: session.shopId,
      });
      await fake.sendEvent('checkout.session.completed', {
        object: 'checkout.session',
        id: session.id,
        customer: session.customer,
        subscription: created.id,
        status: 'complete',
      });
      res.writeHead(303, { location: session.success }).end();
      return;
    }
    json(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
