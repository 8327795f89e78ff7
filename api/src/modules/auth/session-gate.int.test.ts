/**
 * The session check across api replicas (decision 0174): two apps on one database and one Redis, as two api
 * processes behind a front door. A sign-out through one is refused by the other at once, not SESSION_CHECK_TTL_MS
 * later; without Redis each process keeps its own look, as before.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/auth-helpers';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase, uniquePrefix } from '../../test/test-db';

let db: TestDatabase;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  const shared = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: uniquePrefix() };
  one = await createTestApp(db, shared);
  two = await createTestApp(db, shared);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await db?.drop();
});

const myShops = (app: TestApp, token: string) =>
  request(app).get('/api/my/shops').set('authorization', `Bearer ${token}`);

describe('the session check with Redis', () => {
  it('a sign-out through one replica is refused by the other at once', async () => {
    const user = await signUpTestUser(one);
    // The other replica has looked at the session and found it alive (and kept that answer).
    expect((await myShops(two, user.accessToken)).status).toBe(200);
    expect((await myShops(one, user.accessToken)).status).toBe(200);

    const out = await request(one).post('/auth/v1/logout').set('authorization', `Bearer ${user.accessToken}`);
    expect(out.status).toBe(204);

    // Well inside SESSION_CHECK_TTL_MS: a per-process cache would still say alive on `two`.
    const after = await myShops(two, user.accessToken);
    expect(after.status).toBe(401);
    expect((await myShops(one, user.accessToken)).status).toBe(401);
  });

  it('keeps the answer in Redis, where every replica reads it', async () => {
    const user = await signUpTestUser(one);
    expect((await myShops(one, user.accessToken)).status).toBe(200);
    const key = `${one.config.REDIS_KEY_PREFIX}auth:sessions:${user.userId}`;
    const fields = await one.redis?.hgetall(key);
    expect(Object.values(fields ?? {})).toEqual([expect.stringMatching(/^10:\d+$/)]);
    const ttl = await one.redis?.pttl(key);
    expect(ttl).toBeGreaterThan(0);
  });
});
