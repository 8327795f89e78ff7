import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/auth-helpers';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase, uniquePrefix } from '../../test/test-db';
import { LEADS_PER_IP_PER_HOUR } from './leads.router';

let db: TestDatabase;
let app: TestApp;

const lead = { fullName: 'Joe Smith', email: 'joe@example.com', phone: '+1 555 0100', barbershopName: "Joe's Cuts" };

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createTestApp(db);
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

describe('POST /api/leads', () => {
  it('stores the enquiry without a session and answers 201', async () => {
    const res = await request(app).post('/api/leads').set('X-Forwarded-For', '10.0.0.1').send(lead);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String) });
    const rows = await db.dataSource.query('SELECT full_name, email, phone, barbershop_name FROM leads WHERE id = $1', [
      res.body.id,
    ]);
    expect(rows).toEqual([
      { full_name: 'Joe Smith', email: 'joe@example.com', phone: '+1 555 0100', barbershop_name: "Joe's Cuts" },
    ]);
  });

  it('answers an empty form with the four spec messages', async () => {
    const res = await request(app)
      .post('/api/leads')
      .set('X-Forwarded-For', '10.0.0.2')
      .send({ fullName: '', email: '', phone: '', barbershopName: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_input',
      message: 'Full name is required',
      fields: {
        fullName: 'Full name is required',
        email: 'Invalid email address',
        phone: 'Phone number is required',
        barbershopName: 'Barbershop name is required',
      },
    });
  });

  it('refuses wrong types, unknown fields and malformed JSON with 400', async () => {
    for (const body of [
      { ...lead, phone: 5550100 },
      { ...lead, plan: 'premium' },
    ]) {
      const res = await request(app).post('/api/leads').set('X-Forwarded-For', '10.0.0.3').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
    }
    const malformed = await request(app)
      .post('/api/leads')
      .set('Content-Type', 'application/json')
      .set('X-Forwarded-For', '10.0.0.3')
      .send('{"fullName":');
    expect(malformed.status).toBe(400);
  });

  it.each([
    ['in process', {}],
    ['shared through Redis', { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: uniquePrefix() }],
  ])(`limits one address to ${LEADS_PER_IP_PER_HOUR} an hour (%s), others unaffected`, async (_label, overrides) => {
    const limited = await createTestApp(db, overrides);
    try {
      const send = (ip: string) => request(limited).post('/api/leads').set('X-Forwarded-For', ip).send(lead);
      for (let i = 0; i < LEADS_PER_IP_PER_HOUR; i++) expect((await send('10.0.1.1')).status).toBe(201);
      const refused = await send('10.0.1.1');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('10.0.1.2')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
