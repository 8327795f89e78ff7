import { OPERATOR_MESSAGES } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, provenAccessToken, signUpTestUser, type TestApp } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import type { MailMessage } from '../mail/mailer';
import { bearer, createShopAs } from '../shops/shops.test-helper';

/** Issue 23 item 2: the operator console needs a proven address; trial extensions are capped and audited. */

let db: TestDatabase;
let app: TestApp;
const sent: MailMessage[] = [];
const DAY = 86_400_000;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(
    db,
    { ADMIN_EMAILS: 'ops@barberly.test,second-ops@barberly.test,third-ops@barberly.test' },
    {},
    {
      mailer: {
        async send(message) {
          sent.push(message);
        },
        close() {},
      },
    },
  );
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

async function newShop(): Promise<string> {
  const owner = await signUpTestUser(app);
  return (await createShopAs(app, owner.accessToken)).id;
}

describe('the operator console', () => {
  it('refuses an unverified ADMIN_EMAILS account in words, and opens once the mailed link is followed', async () => {
    // Confirmation is off: anyone can sign up first with the operator's address.
    const squatter = await signUpTestUser(app, 'ops@barberly.test');
    const refused = await request(app).get('/api/admin/shops').set(bearer(squatter.accessToken));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'operator_unverified',
      message: OPERATOR_MESSAGES.unverified('ops@barberly.test'),
    });
    const shopId = await newShop();
    const extend = await request(app)
      .post(`/api/admin/shops/${shopId}/trial`)
      .set(bearer(squatter.accessToken))
      .send({ days: 90 });
    expect(extend.status).toBe(403);
    // Nor may it give a shop a text sender (another operator action).
    const sender = await request(app)
      .put(`/api/admin/shops/${shopId}/text-sender`)
      .set(bearer(squatter.accessToken))
      .send({ phoneNumber: '+12125550123' });
    expect(sender.status).toBe(403);
    expect(sender.body.error.code).toBe('operator_unverified');

    // The link goes to the address itself; whoever does not read that mailbox never gets in.
    const asked = await request(app).post('/api/admin/verify-email').set(bearer(squatter.accessToken));
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(OPERATOR_MESSAGES.proofSent('ops@barberly.test'));
    const mail = sent.filter((m) => m.to === 'ops@barberly.test');
    expect(mail).toHaveLength(1);
    const again = await request(app).post('/api/admin/verify-email').set(bearer(squatter.accessToken));
    expect(again.body.message).toBe(OPERATOR_MESSAGES.proofAlreadySent('ops@barberly.test'));
    expect(sent.filter((m) => m.to === 'ops@barberly.test')).toHaveLength(1);

    const guessed = await request(app)
      .post('/api/admin/verify-email/confirm')
      .set(bearer(squatter.accessToken))
      .send({ token: 'x'.repeat(43) });
    expect(guessed.status).toBe(404);
    expect(guessed.body.error.message).toBe(OPERATOR_MESSAGES.proofInvalid);
    expect((await request(app).get('/api/admin/shops').set(bearer(squatter.accessToken))).status).toBe(403);

    const link = new URL(/https?:\/\/\S+/.exec(mail[0]?.text ?? '')?.[0] ?? '');
    expect(link.pathname).toBe('/admin/shops');
    const token = link.searchParams.get('proof');
    const confirmed = await request(app)
      .post('/api/admin/verify-email/confirm')
      .set(bearer(squatter.accessToken))
      .send({ token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(OPERATOR_MESSAGES.proven);
    const list = await request(app).get('/api/admin/shops').set(bearer(squatter.accessToken));
    expect(list.status).toBe(200);
    expect(list.body.shops.map((s: { id: string }) => s.id)).toContain(shopId);
    // The link works once.
    const reused = await request(app)
      .post('/api/admin/verify-email/confirm')
      .set(bearer(squatter.accessToken))
      .send({ token });
    expect(reused.status).toBe(404);
  });

  it('lets in an account whose address the sign-in proves; refuses anyone not in ADMIN_EMAILS, verified or not', async () => {
    const operator = await signUpTestUser(app, 'second-ops@barberly.test');
    const token = await provenAccessToken(app, db, operator);
    expect((await request(app).get('/api/admin/shops').set(bearer(token))).status).toBe(200);

    const owner = await signUpTestUser(app);
    const ownerToken = await provenAccessToken(app, db, owner);
    const denied = await request(app).get('/api/admin/shops').set(bearer(ownerToken));
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(OPERATOR_MESSAGES.notOperator);
    // Nobody outside ADMIN_EMAILS can make the server mail a link.
    const before = sent.length;
    expect((await request(app).post('/api/admin/verify-email').set(bearer(ownerToken))).status).toBe(403);
    expect(sent.length).toBe(before);
  });

  it('caps repeated extensions at 90 days from today and writes each one to the audit log', async () => {
    const operator = await signUpTestUser(app, 'third-ops@barberly.test');
    const token = await provenAccessToken(app, db, operator);
    const shopId = await newShop();
    const startedAt = Date.now();
    for (let i = 0; i < 4; i++) {
      const extended = await request(app)
        .post(`/api/admin/shops/${shopId}/trial`)
        .set(bearer(token))
        .send({ days: 90 });
      expect(extended.status).toBe(200);
    }
    const finishedAt = Date.now();
    const list = await request(app).get('/api/admin/shops').set(bearer(token));
    const shop = list.body.shops.find((s: { id: string }) => s.id === shopId);
    const ends = new Date(shop.trialEndsAt).getTime();
    expect(ends).toBeGreaterThanOrEqual(startedAt + 90 * DAY - 1000);
    expect(ends).toBeLessThanOrEqual(finishedAt + 90 * DAY);

    const audit = (await db.dataSource.query(
      `SELECT "operator_user_id", "operator_email", "action", "before", "after", "at" FROM "operator_audit"
        WHERE "shop_id" = $1 ORDER BY "id"`,
      [shopId],
    )) as Array<{
      operator_user_id: string;
      operator_email: string;
      action: string;
      before: { trialEndsAt: string; days: number };
      after: { trialEndsAt: string; status: string };
      at: Date;
    }>;
    expect(audit).toHaveLength(4);
    for (const row of audit) {
      expect(row).toMatchObject({
        operator_user_id: operator.userId,
        operator_email: 'third-ops@barberly.test',
        action: 'extend_trial',
        before: { days: 90 },
        after: { status: 'trialing' },
      });
      expect(new Date(row.after.trialEndsAt).getTime()).toBeLessThanOrEqual(finishedAt + 90 * DAY);
    }
    // Each row's "before" is the previous row's "after".
    expect(audit[1]?.before.trialEndsAt).toBe(audit[0]?.after.trialEndsAt);
  });
});
