import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';

let db: TestDatabase;
let app: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db);
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('built-in auth over HTTP', () => {
  it('signs up with a session and signs in with the password', async () => {
    const user = await signUpTestUser(app, 'Barber@Example.com', 'hunter22');
    expect(user.email).toBe('barber@example.com');

    const res = await request(app)
      .post('/auth/v1/token?grant_type=password')
      .send({ email: 'barber@example.com', password: 'hunter22' });
    expect(res.status).toBe(200);
    expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 600, user: { id: user.userId } });
    expect(typeof res.body.refresh_token).toBe('string');
  });

  it('gives the api a verified caller from the access token', async () => {
    const user = await signUpTestUser(app);
    await expect(app.auth.verifier.verify(user.accessToken)).resolves.toEqual({
      id: user.userId,
      email: user.email,
      emailVerified: false,
    });
  });

  it('refuses a wrong password with GoTrue invalid_credentials', async () => {
    const user = await signUpTestUser(app);
    const res = await request(app)
      .post('/auth/v1/token?grant_type=password')
      .send({ email: user.email, password: 'wrong-password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('asks for a password when a sign-up has none', async () => {
    const res = await request(app).post('/auth/v1/signup').send({ email: 'nopass@example.com' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'validation_failed', msg: 'Signup requires a valid password' });
  });

  it('refuses an unknown grant type', async () => {
    const res = await request(app).post('/auth/v1/token?grant_type=client_credentials').send({});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('unsupported_grant_type');
  });

  it('signs out the other sessions and keeps the current one', async () => {
    const user = await signUpTestUser(app);
    const other = await request(app)
      .post('/auth/v1/token?grant_type=password')
      .send({ email: user.email, password: 'secret-password' });

    const out = await request(app)
      .post('/auth/v1/logout?scope=others')
      .set('Authorization', `Bearer ${user.accessToken}`);
    expect(out.status).toBe(204);

    const current = await request(app).get('/auth/v1/user').set('Authorization', `Bearer ${user.accessToken}`);
    expect(current.status).toBe(200);
    const signedOut = await request(app).get('/auth/v1/user').set('Authorization', `Bearer ${other.body.access_token}`);
    expect(signedOut.status).toBe(403);
    expect(signedOut.body.code).toBe('session_not_found');
  });
});
