/**
 * The security review's findings (issue 11), each shown the way the review showed it and refused now.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';

let db: TestDatabase;
const newEmail = () => `s-${randomBytes(5).toString('hex')}@example.com`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

async function signIn(app: TestApp, email: string, password = 'secret-password', ip?: string) {
  const req = request(app).post('/auth/v1/token?grant_type=password');
  if (ip) req.set('x-forwarded-for', ip);
  return req.send({ email, password });
}

describe('/api refuses a token whose session is gone', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('after a global sign-out, on every device', async () => {
    const user = await signUpTestUser(app);
    const laptop = (await signIn(app, user.email)).body.access_token as string;
    expect((await request(app).get('/api/auth/user').set(bearer(laptop))).status).toBe(200);
    expect((await request(app).get('/api/auth/user').set(bearer(user.accessToken))).status).toBe(200);

    expect((await request(app).post('/auth/v1/logout?scope=global').set(bearer(user.accessToken))).status).toBe(204);

    for (const token of [laptop, user.accessToken]) {
      const res = await request(app).get('/api/auth/user').set(bearer(token));
      expect(res.status).toBe(401);
      expect(res.body.error.message).toBe('Your session has expired or is not valid. Please sign in again.');
    }
  });

  it('after refresh-token reuse ends the session', async () => {
    const user = await signUpTestUser(app);
    const first = await request(app)
      .post('/auth/v1/token?grant_type=refresh_token')
      .send({ refresh_token: user.refreshToken });
    expect(first.status).toBe(200);
    const stolenAccess = first.body.access_token as string;
    expect((await request(app).get('/api/my/shops').set(bearer(stolenAccess))).status).toBe(200);

    // The old refresh token again: it was rotated out, so someone replayed it; the session ends.
    const replay = await request(app)
      .post('/auth/v1/token?grant_type=refresh_token')
      .send({ refresh_token: user.refreshToken });
    expect(replay.body.code).toBe('refresh_token_already_used');

    expect((await request(app).get('/api/my/shops').set(bearer(stolenAccess))).status).toBe(401);
    expect((await request(app).get('/api/my/shops').set(bearer(user.accessToken))).status).toBe(401);
  });
});

describe('failed sign-ins by others never lock the owner out', () => {
  it('throttles the guessing address while the owner signs in from a fresh one', async () => {
    const app = await createTestApp(
      db,
      {},
      {
        rateLimits: {
          signInPerIp: { points: 100, durationSeconds: 60 },
          signInPerIpAccount: { points: 3, durationSeconds: 60 },
          signInPerAccount: { points: 5, durationSeconds: 60 },
        },
      },
    );
    try {
      const owner = await signUpTestUser(app);
      // Attackers spread over addresses fail until the account's failure budget is spent.
      const results: number[] = [];
      for (const ip of [
        '198.51.100.1',
        '198.51.100.1',
        '198.51.100.1',
        '198.51.100.2',
        '198.51.100.2',
        '198.51.100.2',
      ]) {
        results.push((await signIn(app, owner.email, 'wrong-guess', ip)).status);
      }
      expect(results).toEqual([400, 400, 400, 400, 400, 429]);
      // The first attacker is over its own budget: even the right password is refused from there.
      expect((await signIn(app, owner.email, 'secret-password', '198.51.100.1')).status).toBe(429);
      // The owner, from their own address, with the right password: in.
      const owners = await signIn(app, owner.email, 'secret-password', '203.0.113.7');
      expect(owners.status).toBe(200);
      expect(owners.body.access_token).toBeTruthy();
    } finally {
      await app.close();
    }
  });

  it('counts failures only: a person who signs in often is never throttled for it', async () => {
    const app = await createTestApp(
      db,
      {},
      {
        rateLimits: {
          signInPerIpAccount: { points: 2, durationSeconds: 60 },
          signInPerAccount: { points: 2, durationSeconds: 60 },
        },
      },
    );
    try {
      const user = await signUpTestUser(app);
      for (let i = 0; i < 5; i++) expect((await signIn(app, user.email)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('changing the e-mail address takes the new address confirming it', () => {
  it('keeps the old address until the link sent to the new one is followed', async () => {
    const links: Array<{ to: string; link: string }> = [];
    const app = await createTestApp(
      db,
      {},
      {
        mailer: {
          async sendSignUpConfirmation() {},
          async sendEmailChange(to, link) {
            links.push({ to, link });
          },
        },
      },
    );
    try {
      const user = await signUpTestUser(app);
      const target = newEmail();
      const put = await request(app).put('/auth/v1/user').set(bearer(user.accessToken)).send({ email: target });
      expect(put.status).toBe(200);
      expect(put.body.email).toBe(user.email);
      expect(put.body.new_email).toBe(target);
      expect(links.map((l) => l.to)).toEqual([target]);

      // Not yet: the old address still signs in, the new one does not.
      expect((await signIn(app, user.email)).status).toBe(200);
      expect((await signIn(app, target)).status).toBe(400);

      const link = new URL(links[0]!.link);
      const follow = await request(app).get(`${link.pathname}${link.search}`);
      expect(follow.status).toBe(303);
      expect(follow.headers.location).toContain('type=email_change');
      expect((await signIn(app, target)).status).toBe(200);
      expect((await signIn(app, user.email)).status).toBe(400);
      // The link works once.
      const again = await request(app).get(`${link.pathname}${link.search}`);
      expect(again.headers.location).toContain('error_code=otp_expired');
    } finally {
      await app.close();
    }
  });
});

describe('changing the password', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(db);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('needs the current password once the sign-in is not recent, and ends the other sessions', async () => {
    const user = await signUpTestUser(app);
    const phone = (await signIn(app, user.email)).body.access_token as string;
    // The laptop's sign-in was a while ago.
    await db.dataSource.query(`UPDATE auth_sessions SET created_at = now() - interval '1 hour' WHERE user_id = $1`, [
      user.userId,
    ]);
    const bare = await request(app)
      .put('/auth/v1/user')
      .set(bearer(user.accessToken))
      .send({ password: 'new-password-1' });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe('reauthentication_needed');
    const wrong = await request(app)
      .put('/auth/v1/user')
      .set(bearer(user.accessToken))
      .send({ password: 'new-password-1', current_password: 'not-it-at-all' });
    expect(wrong.status).toBe(400);

    const ok = await request(app)
      .put('/auth/v1/user')
      .set(bearer(user.accessToken))
      .send({ password: 'new-password-1', current_password: 'secret-password' });
    expect(ok.status).toBe(200);
    expect((await request(app).get('/api/auth/user').set(bearer(user.accessToken))).status).toBe(200);
    expect((await request(app).get('/api/auth/user').set(bearer(phone))).status).toBe(401);
    expect((await signIn(app, user.email, 'new-password-1')).status).toBe(200);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const user = await signUpTestUser(app);
    const res = await request(app)
      .put('/auth/v1/user')
      .set(bearer(user.accessToken))
      .send({ password: 'seven77', current_password: 'secret-password' });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('Password should be at least 8 characters.');
    const signUp = await request(app).post('/auth/v1/signup').send({ email: newEmail(), password: 'seven77' });
    expect(signUp.status).toBe(422);
  });
});

describe('every api response', () => {
  it('carries X-Content-Type-Options: nosniff, errors and auth included', async () => {
    const app = await createTestApp(db);
    try {
      const answers = await Promise.all([
        request(app).get('/healthz'),
        request(app).get('/api/config'),
        request(app).get('/api/no-such-route'),
        request(app).get('/api/my/shops'),
        request(app).post('/api/shops').send({}),
        request(app).get('/auth/v1/settings'),
        request(app).post('/auth/v1/token?grant_type=password').send({ email: 'x', password: 'y' }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 401, 401, 200, 400]);
      for (const answer of answers) expect(answer.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });
});

describe('sign-up metadata', () => {
  it('answers 400, not 500, for metadata nested 5,000 levels deep', async () => {
    const app = await createTestApp(db);
    try {
      const data = `${'{"a":'.repeat(5000)}{"leaf":true}${'}'.repeat(5000)}`;
      const res = await request(app)
        .post('/auth/v1/signup')
        .set('content-type', 'application/json')
        .send(`{"email":"${newEmail()}","password":"secret-password","data":${data}}`);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Metadata is nested too deeply');
      const ordinary = await request(app)
        .post('/auth/v1/signup')
        .send({
          email: newEmail(),
          password: 'secret-password',
          data: { email: 'x', prefs: { theme: { dark: true } } },
        });
      expect(ordinary.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
