import { ASSISTANT_MESSAGES, type AssistantEvent } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase, uniquePrefix } from '../../test/test-db';
import { setUpShop } from '../appointments/booking.test-helper';
import { bearer } from '../shops/shops.test-helper';
import { estimateTokens } from './budget';
import { type ScriptedLlm, startScriptedLlm } from './scripted-llm.test-helper';

/**
 * Issue 23 item 8 and issue 30: the assistant's daily budget and per-person rate hold for parallel chats and across
 * api processes, in Redis when REDIS_URL is set and in PostgreSQL otherwise.
 */

let db: TestDatabase;
let llm: ScriptedLlm;

beforeAll(async () => {
  db = await createTestDatabase();
  llm = await startScriptedLlm();
});
afterAll(async () => {
  await llm?.close();
  await db?.drop();
});

function eventsOf(body: string): AssistantEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as AssistantEvent);
}

async function chat(app: TestApp, user: TestUser, shopId: string, message: string): Promise<AssistantEvent[]> {
  const res = await request(app)
    .post(`/api/shops/${shopId}/assistant/chat`)
    .set(bearer(user.accessToken))
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
  return eventsOf(String(res.body));
}

const errorOf = (events: AssistantEvent[]) =>
  events.find((e): e is Extract<AssistantEvent, { type: 'error' }> => e.type === 'error')?.message ?? null;

const modes = [
  ['in PostgreSQL (no REDIS_URL)', {}],
  ['in Redis', { REDIS_URL: TEST_REDIS_URL }],
] as const;

describe.each(modes)('the daily budget held %s', (_name, overrides) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(db, {
      ...overrides,
      REDIS_KEY_PREFIX: uniquePrefix(),
      LLM_BASE_URL: llm.url,
      LLM_MODEL: 'scripted',
      LLM_TIMEOUT_MS: '4000',
      ASSISTANT_DAILY_TOKENS: '100000000',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lets only as many parallel chats reach the model as the budget allows', async () => {
    // What one first message costs, as reserved: measured on a shop of the same shape.
    const probeOwner = await signUpTestUser(app);
    const probe = await setUpShop(app, probeOwner.accessToken);
    llm.script({ text: 'Hello.' });
    await chat(app, probeOwner, probe.id, 'What is on today?');
    const sent = llm.requests.at(-1);
    const estimate = estimateTokens({ messages: sent?.messages, tools: sent?.tools });

    // Room for two such calls and a half: eight at once (a slow model answers none before all have asked).
    const budget = Math.floor(estimate * 2.5);
    app.config.ASSISTANT_DAILY_TOKENS = budget;
    const owner = await signUpTestUser(app);
    const shop = await setUpShop(app, owner.accessToken);
    const before = llm.requests.length;
    // Two hangs are scripted: a third call reaching the model would be answered at once, and counted below.
    llm.script({ hang: true }, { hang: true });
    const results = await Promise.all(Array.from({ length: 8 }, () => chat(app, owner, shop.id, 'What is on today?')));
    const reached = llm.requests.length - before;
    expect(reached).toBe(2);
    const errors = results.map(errorOf);
    expect(errors.filter((e) => e === ASSISTANT_MESSAGES.budgetSpent)).toHaveLength(6);
    expect(errors.filter((e) => e === ASSISTANT_MESSAGES.modelFailed)).toHaveLength(2);

    const [usage] = await db.dataSource.query(`SELECT "tokens" FROM "assistant_usage" WHERE "shop_id" = $1`, [shop.id]);
    expect(usage.tokens).toBeLessThanOrEqual(budget);
  });

  it('refuses the next chat once the day is used up, and never asks the model for it', async () => {
    app.config.ASSISTANT_DAILY_TOKENS = 100;
    const owner = await signUpTestUser(app);
    const shop = await setUpShop(app, owner.accessToken);
    const before = llm.requests.length;
    expect(errorOf(await chat(app, owner, shop.id, 'hi'))).toBe(ASSISTANT_MESSAGES.budgetSpent);
    expect(llm.requests.length).toBe(before);
    // Nothing was said: the refused message is not kept in the conversation.
    const conversation = await request(app).get(`/api/shops/${shop.id}/assistant`).set(bearer(owner.accessToken));
    expect(conversation.body.items).toEqual([]);
  });
});

describe.each(modes)('the per-person rate held %s', (_name, overrides) => {
  it('is one count for two api processes', async () => {
    const shared = { ...overrides, REDIS_KEY_PREFIX: uniquePrefix(), ASSISTANT_MESSAGES_PER_MINUTE: '3' };
    const first = await createTestApp(db, shared);
    const second = await createTestApp(db, shared);
    try {
      const owner = await signUpTestUser(first);
      const shop = await setUpShop(first, owner.accessToken);
      const quick = (app: TestApp) =>
        request(app).post(`/api/shops/${shop.id}/assistant/quick/who-is-overdue`).set(bearer(owner.accessToken));
      expect((await quick(first)).status).toBe(200);
      expect((await quick(second)).status).toBe(200);
      expect((await quick(first)).status).toBe(200);
      const refused = await quick(second);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
