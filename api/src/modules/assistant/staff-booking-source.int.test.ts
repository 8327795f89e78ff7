import { type AssistantEvent, type AssistantProposal, MESSAGING_MESSAGES } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import { type FakeTwilio, startFakeTwilio } from '../messaging/fake-twilio.test-helper';
import { bearer } from '../shops/shops.test-helper';
import { type ScriptedLlm, startScriptedLlm } from './scripted-llm.test-helper';

/**
 * Issue 23 item 5: owners text only numbers that booked online or texted in. A booking the owner (or a barber) makes
 * through the assistant names a number they typed, as a walk-in does: it is a staff booking, not an online one, so
 * it does not make the number textable (nor count against the public bookings' TEXTS_PER_SHOP_PER_DAY).
 */
let db: TestDatabase;
let app: BookingTestApp;
let llm: ScriptedLlm;
let twilio: FakeTwilio;
let owner: TestUser;
let shop: TestShop;
/** Wednesday 2026-12-02, 9:00 in New York. */
const NOW = '2026-12-02T14:00:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  llm = await startScriptedLlm();
  twilio = await startFakeTwilio();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: {
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'scripted',
      LLM_TIMEOUT_MS: '3000',
      PUBLIC_ORIGIN: 'https://barberly.test',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: twilio.from,
      TWILIO_API_URL: twilio.url,
    },
  });
  owner = await signUpTestUser(app);
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
  const texts = await request(app)
    .patch(`/api/shops/${shop.id}/messaging`)
    .set(bearer(owner.accessToken))
    .send({ smsEnabled: true });
  expect(texts.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await llm?.close();
  await twilio?.close();
  await db?.drop();
});

async function chat(message: string): Promise<AssistantEvent[]> {
  const res = await request(app)
    .post(`/api/shops/${shop.id}/assistant/chat`)
    .set(bearer(owner.accessToken))
    .send({ message })
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  return String(res.body)
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as AssistantEvent);
}

describe("the owner's assistant books for a client", () => {
  it('as a staff booking: the number typed is not one the owner may text', async () => {
    const phone = '+1 212 555 0142';
    llm.script(
      {
        toolCalls: [
          {
            name: 'book_appointment',
            args: {
              serviceId: shop.services[0]?.id,
              start: '2026-12-02T20:00:00Z',
              clientName: 'Casey Park',
              clientEmail: 'casey@example.com',
              clientPhone: phone,
            },
          },
        ],
      },
      { text: 'Please confirm the booking.' },
    );
    const events = await chat('Book Casey Park at 3 pm, +1 212 555 0142');
    const proposal = events.find((e): e is { type: 'proposal'; proposal: AssistantProposal } => e.type === 'proposal');
    expect(proposal).toBeDefined();
    const confirm = await request(app)
      .post(`/api/shops/${shop.id}/assistant/proposals/${proposal?.proposal.id}/confirm`)
      .set(bearer(owner.accessToken));
    expect(confirm.status).toBe(200);
    const [row] = (await db.dataSource.query(
      `SELECT "source", "status" FROM "appointments" WHERE "shop_id" = $1 AND "client_email" = 'casey@example.com'`,
      [shop.id],
    )) as Array<{ source: string; status: string }>;
    expect(row).toEqual({ source: 'staff', status: 'confirmed' });

    const text = await request(app)
      .post(`/api/shops/${shop.id}/messages`)
      .set(bearer(owner.accessToken))
      .send({ phone, channel: 'sms', body: 'Hi Casey' });
    expect(text.status).toBe(400);
    expect(text.body.error.message).toBe(MESSAGING_MESSAGES.notAClient);
    expect(twilio.sent.filter((m) => m.to === '+12125550142')).toEqual([]);
  });
});
