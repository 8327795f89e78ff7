import { randomBytes } from 'node:crypto';
import { BOOKING_MESSAGES } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, provenAccessToken, signUpTestUser, type TestApp } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import type { MailMessage } from '../mail/mailer';
import { bearer, createShopAs } from '../shops/shops.test-helper';

let db: TestDatabase;
let app: TestApp;
const sent: MailMessage[] = [];
const mailer = {
  async send(message: MailMessage) {
    sent.push(message);
  },
  close() {},
};

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db, {}, {}, { mailer });
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

/** A shop whose owner invited `email` as barber Sam; returns its join code and the barber's id. */
async function shopInviting(email: string) {
  const owner = await signUpTestUser(app);
  const shop = await createShopAs(app, owner.accessToken);
  const barber = await request(app)
    .post(`/api/shops/${shop.id}/barbers`)
    .set(bearer(owner.accessToken))
    .send({ name: 'Sam Fade' });
  const settings = await request(app)
    .patch(`/api/shops/${shop.id}/barbers/${barber.body.id}/settings`)
    .set(bearer(owner.accessToken))
    .send({ email });
  expect(settings.status).toBe(200);
  const code = (await request(app).get(`/api/shops/${shop.id}/join-code`).set(bearer(owner.accessToken))).body.code;
  return { shop, code: code as string, barberId: barber.body.id as string };
}

const linkedUser = async (barberId: string) =>
  (
    (await db.dataSource.query('SELECT "user_id" FROM "barbers" WHERE "id" = $1', [barberId])) as Array<{
      user_id: string | null;
    }>
  )[0]?.user_id ?? null;

describe('a barber invite goes only to whoever proves the invited address', () => {
  it('refuses an account that merely signed up with the invited e-mail, and mails the link to that address instead', async () => {
    const email = `sam-${randomBytes(4).toString('hex')}@example.com`;
    const { code, barberId } = await shopInviting(email);
    // Confirmation is off: anyone can sign up with Sam's address.
    const squatter = await signUpTestUser(app, email);

    const join = await request(app).post('/api/barbers/join').set(bearer(squatter.accessToken)).send({ code });
    expect(join.status).toBe(403);
    expect(join.body.error.message).toBe(BOOKING_MESSAGES.inviteNeedsProof(email));
    expect(await linkedUser(barberId)).toBeNull();
    // The squatter got no seat and sees none of Sam's clients.
    expect((await request(app).get('/api/barber/dashboard').set(bearer(squatter.accessToken))).body.barber).toBeFalsy();

    const mail = sent.filter((m) => m.to === email).at(-1);
    expect(mail?.subject).toContain('Join');
    const token = /\/join\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    // Whoever reads Sam's mailbox opens the link, signed in with any account of theirs: that proves the address.
    const sam = await signUpTestUser(app);
    const preview = await request(app).get(`/api/barbers/invites/${token}`);
    expect(preview.body).toMatchObject({ barber: { name: 'Sam Fade' }, email });
    const accept = await request(app).post('/api/barbers/invites/accept').set(bearer(sam.accessToken)).send({ token });
    expect(accept.status).toBe(200);
    expect(accept.body.barber.id).toBe(barberId);
    expect(accept.body.user.role).toBe('barber');
    expect(await linkedUser(barberId)).toBe(sam.userId);

    // The link works once.
    const again = await request(app)
      .post('/api/barbers/invites/accept')
      .set(bearer(squatter.accessToken))
      .send({ token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(BOOKING_MESSAGES.inviteUnknown);
  });

  it('lets an account whose address is proven take the invited seat with the code, as before', async () => {
    const email = `sam-${randomBytes(4).toString('hex')}@example.com`;
    const { code, barberId } = await shopInviting(email);
    const sam = await signUpTestUser(app, email);
    // The confirmation link was followed (or a provider vouched for the address).
    const proven = await provenAccessToken(app, db, sam);
    const join = await request(app).post('/api/barbers/join').set(bearer(proven)).send({ code });
    expect(join.status).toBe(200);
    expect(join.body.barber.id).toBe(barberId);
    expect(await linkedUser(barberId)).toBe(sam.userId);
  });

  it('still lets a barber nobody invited join with the code as a new barber', async () => {
    const { code, barberId } = await shopInviting(`sam-${randomBytes(4).toString('hex')}@example.com`);
    const alex = await signUpTestUser(app);
    const join = await request(app).post('/api/barbers/join').set(bearer(alex.accessToken)).send({ code });
    expect(join.status).toBe(200);
    expect(join.body.barber.id).not.toBe(barberId);
    expect(await linkedUser(barberId)).toBeNull();
  });

  it('refuses a made-up invite token', async () => {
    const user = await signUpTestUser(app);
    const res = await request(app)
      .post('/api/barbers/invites/accept')
      .set(bearer(user.accessToken))
      .send({ token: randomBytes(32).toString('base64url') });
    expect(res.status).toBe(404);
  });
});
