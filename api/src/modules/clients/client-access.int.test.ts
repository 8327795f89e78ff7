import type { AssistantEvent, AssistantProposal, ClientDetail, ClientList } from '@barberly/common';
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
import { type ScriptedLlm, startScriptedLlm } from '../assistant/scripted-llm.test-helper';
import { bearer } from '../shops/shops.test-helper';

/**
 * Issue 23, finding 3: a barber reads a client (phone, history, the owner's notes) only after a visit with them
 * that took place. The reviewer's reproduction: the barber books one visit with any client's e-mail (online, or
 * through the assistant) and before this fix could read the client, even after cancelling it.
 */
let db: TestDatabase;
let app: BookingTestApp;
let llm: ScriptedLlm;
let owner: TestUser;
/** Wednesday 2026-12-02, 10:07 in New York (15:07Z). */
const NOW = '2026-12-02T15:07:00Z';

beforeAll(async () => {
  db = await createTestDatabase();
  llm = await startScriptedLlm();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: { LLM_BASE_URL: llm.url, LLM_MODEL: 'scripted', LLM_TIMEOUT_MS: '3000' },
  });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await llm?.close();
  await db?.drop();
});

interface Setting {
  shop: TestShop;
  barber: TestUser;
  /** The barber's own chair (index 1); Alex (index 0) is the colleague who really served Vera. */
  chair: string;
  vera: string;
}

/** A shop where Alex served Vera last month and the owner keeps a private note on her; Blake's chair is the barber's. */
async function setting(): Promise<Setting> {
  app.clock.set(NOW);
  const shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex', 'Blake'],
  });
  const barber = await signUpTestUser(app);
  await request(app).get('/api/auth/user').set(bearer(barber.accessToken));
  await db.dataSource.query('UPDATE "barbers" SET "user_id" = $1 WHERE "id" = $2', [
    barber.userId,
    shop.barbers[1]!.id,
  ]);
  const [vera] = (await db.dataSource.query(
    `INSERT INTO "clients" ("shop_id", "name", "email", "phone") VALUES ($1, 'Vera Lind', 'vera@example.com', '+12125550142')
     RETURNING "id"`,
    [shop.id],
  )) as Array<{ id: string }>;
  await visit(shop, vera!.id, 0, '2026-11-10T15:00:00Z', 'completed');
  const note = await request(app)
    .post(`/api/shops/${shop.id}/clients/${vera!.id}/notes`)
    .set(bearer(owner.accessToken))
    .send({ body: 'Gate code 4321' });
  expect(note.status).toBe(201);
  return { shop, barber, chair: shop.barbers[1]!.id, vera: vera!.id };
}

/** A visit as the books hold it (the booking api refuses the past). */
async function visit(
  shop: TestShop,
  clientId: string,
  barberIndex: number,
  start: string,
  status: 'completed' | 'confirmed' | 'cancelled' | 'no_show',
) {
  const starts = new Date(start);
  const [row] = (await db.dataSource.query(
    `INSERT INTO "appointments" ("shop_id", "barber_id", "service_id", "service_name", "service_duration_minutes",
       "service_price", "starts_at", "ends_at", "status", "client_name", "client_email", "client_id")
     VALUES ($1, $2, $3, 'Haircut', 30, 25, $4, $5, $6, 'Vera Lind', 'vera@example.com', $7) RETURNING "id"`,
    [
      shop.id,
      shop.barbers[barberIndex]!.id,
      shop.services[0]!.id,
      starts,
      new Date(starts.getTime() + 30 * 60_000),
      status,
      clientId,
    ],
  )) as Array<{ id: string }>;
  return row!.id;
}

/** Everything a barber could read of Vera: the list (and its search), her page, and adding a note to it. */
async function whatTheBarberSees(s: Setting) {
  const auth = bearer(s.barber.accessToken);
  const base = `/api/shops/${s.shop.id}/clients`;
  const listed = (await request(app).get(base).set(auth)).body as ClientList;
  const searched = (await request(app).get(base).query({ q: 'vera' }).set(auth)).body as ClientList;
  const byPhone = (await request(app).get(base).query({ q: '5550142' }).set(auth)).body as ClientList;
  const page = await request(app).get(`${base}/${s.vera}`).set(auth);
  const note = await request(app).post(`${base}/${s.vera}/notes`).set(auth).send({ body: 'Seen her' });
  return {
    listed: listed.clients.map((c) => c.name),
    searched: searched.total,
    byPhone: byPhone.total,
    page: page.status,
    notes: page.status === 200 ? (page.body as ClientDetail).notes.map((n) => n.body) : null,
    note: note.status,
  };
}

const refused = { listed: [], searched: 0, byPhone: 0, page: 404, notes: null, note: 404 };

async function bookOnline(s: Setting, start: string) {
  const res = await request(app)
    .post(`/api/shops/${s.shop.slug}/appointments`)
    .send({
      serviceId: s.shop.services[0]!.id,
      barberId: s.chair,
      start,
      client: { name: 'Val', email: 'VERA@example.com', phone: '+1 917 555 0100' },
    });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

const clientOf = async (appointmentId: string) =>
  (
    (await db.dataSource.query(`SELECT "client_id" FROM "appointments" WHERE "id" = $1`, [appointmentId])) as Array<{
      client_id: string | null;
    }>
  )[0]!.client_id;

/** The barber asks the assistant for one write and confirms the proposal it makes. */
async function throughAssistant(s: Setting, call: { name: string; args: Record<string, unknown> }) {
  llm.script({ toolCalls: [call] }, { text: 'Proposed; please confirm.' });
  const res = await request(app)
    .post(`/api/shops/${s.shop.id}/assistant/chat`)
    .set(bearer(s.barber.accessToken))
    .send({ message: 'Please do it' })
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  const events = String(res.body)
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as AssistantEvent);
  const proposal = events.find((e): e is { type: 'proposal'; proposal: AssistantProposal } => e.type === 'proposal');
  expect(proposal, JSON.stringify(events)).toBeDefined();
  const confirmed = await request(app)
    .post(`/api/shops/${s.shop.id}/assistant/proposals/${proposal!.proposal.id}/confirm`)
    .set(bearer(s.barber.accessToken));
  expect(confirmed.status).toBe(200);
  return confirmed.body as { proposal: AssistantProposal; result?: { data?: { id?: string } } };
}

describe('a barber sees only the clients they really served', () => {
  it("the barber's online booking with a client's e-mail opens nothing, before or after cancelling", async () => {
    const s = await setting();
    const booked = await bookOnline(s, '2026-12-03T15:00:00Z');
    // The booking is filed under Vera (the e-mail decides): that link used to make her "served".
    expect(await clientOf(booked.id)).toBe(s.vera);
    expect(await whatTheBarberSees(s)).toEqual(refused);

    const cancelled = await request(app)
      .patch(`/api/shops/${s.shop.id}/appointments/${booked.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(await whatTheBarberSees(s)).toEqual(refused);
    // Its day passes: a cancelled visit never took place.
    app.clock.set('2026-12-04T15:00:00Z');
    expect(await whatTheBarberSees(s)).toEqual(refused);
  });

  it('a booking through the assistant opens nothing, nor does marking it completed before it begins', async () => {
    const s = await setting();
    const booked = await throughAssistant(s, {
      name: 'book_appointment',
      args: {
        serviceId: s.shop.services[0]!.id,
        start: '2026-12-03T16:00:00Z',
        clientName: 'Val',
        clientEmail: 'vera@example.com',
        clientPhone: '+1 917 555 0100',
      },
    });
    expect(booked.proposal.status).toBe('confirmed');
    // The tools offered to a barber (the chat's and MCP's) read no client records: the overdue list is the owner's.
    const offered = llm.requests.at(-2)?.tools?.map((t) => t.function.name) ?? [];
    expect(offered).toContain('book_appointment');
    expect(offered).not.toContain('who_is_overdue');
    const [row] = (await db.dataSource.query(
      `SELECT "id", "client_id" FROM "appointments" WHERE "barber_id" = $1 AND "status" = 'confirmed'`,
      [s.chair],
    )) as Array<{ id: string; client_id: string }>;
    expect(row?.client_id).toBe(s.vera);
    expect(await whatTheBarberSees(s)).toEqual(refused);

    await throughAssistant(s, { name: 'mark_appointment', args: { appointmentId: row!.id, status: 'completed' } });
    expect(await whatTheBarberSees(s)).toEqual(refused);
  });

  it('a no-show, or a visit not over yet, opens nothing either', async () => {
    const s = await setting();
    await visit(s.shop, s.vera, 1, '2026-11-20T15:00:00Z', 'no_show');
    await visit(s.shop, s.vera, 1, '2026-11-21T15:00:00Z', 'cancelled');
    // Today 10:00-10:30 New York, confirmed: under way at 10:07, not over.
    await visit(s.shop, s.vera, 1, '2026-12-02T15:00:00Z', 'confirmed');
    expect(await whatTheBarberSees(s)).toEqual(refused);
  });

  it('a visit with them that took place (completed, or past and kept) opens the client', async () => {
    const completed = await setting();
    await visit(completed.shop, completed.vera, 1, '2026-11-24T15:00:00Z', 'completed');
    expect(await whatTheBarberSees(completed)).toEqual({
      listed: ['Vera Lind'],
      searched: 1,
      byPhone: 1,
      page: 200,
      notes: ['Gate code 4321'],
      note: 201,
    });

    const kept = await setting();
    // Today 10:00-10:30 New York, still confirmed: once it is over it took place.
    await visit(kept.shop, kept.vera, 1, '2026-12-02T15:00:00Z', 'confirmed');
    expect((await whatTheBarberSees(kept)).page).toBe(404);
    app.clock.set('2026-12-02T15:31:00Z');
    expect(await whatTheBarberSees(kept)).toMatchObject({ listed: ['Vera Lind'], page: 200, note: 201 });
  });
});
