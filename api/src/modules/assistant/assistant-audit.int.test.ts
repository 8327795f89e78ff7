import type { AssistantEvent, AssistantProposal } from '@barberly/common';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpTestUser, type TestUser } from '../../test/auth-helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { loadAppointmentContext } from '../appointments/appointment-view';
import {
  type BookingTestApp,
  createBookingTestApp,
  createTestClock,
  everyDay,
  setUpShop,
  type TestShop,
} from '../appointments/booking.test-helper';
import { appointmentListeners, loadEvent } from '../appointments/lifecycle';
import { bearer } from '../shops/shops.test-helper';
import { assistantAuditListener } from './assistant-audit.listener';
import { type ScriptedLlm, startScriptedLlm } from './scripted-llm.test-helper';

/**
 * Issue 24, decision 0190: the audit line of an applied appointment change is written by the `assistant-audit`
 * listener of the change's event, in the change's transaction, linked to the event by the proposal's id; what
 * produced no event (a rejection, a failure, a write that is not an appointment's) is recorded where it ends.
 */

let db: TestDatabase;
let app: BookingTestApp;
let llm: ScriptedLlm;
let owner: TestUser;
let shop: TestShop;

/** Wednesday 2026-12-02, 9:00 in New York (14:00Z). */
const NOW = '2026-12-02T14:00:00Z';
/** Wednesday 3:00 PM and Friday 3:00 PM New York. */
const WEDNESDAY_3PM = '2026-12-02T20:00:00Z';
const FRIDAY_3PM = '2026-12-04T20:00:00Z';

const jordan = { name: 'Jordan Lee', email: 'jordan@example.com', phone: '+1 212 555 0100' };
const riley = { name: 'Riley Kim', email: 'riley@example.com', phone: '+1 212 555 0199' };

beforeAll(async () => {
  db = await createTestDatabase();
  llm = await startScriptedLlm();
  app = await createBookingTestApp(db, {
    clock: createTestClock(NOW),
    configOverrides: { LLM_BASE_URL: llm.url, LLM_MODEL: 'scripted', LLM_TIMEOUT_MS: '1500' },
  });
  owner = await signUpTestUser(app);
});
afterAll(async () => {
  await app?.close();
  await llm?.close();
  await db?.drop();
});

beforeEach(async () => {
  shop = await setUpShop(app, owner.accessToken, {
    settings: { timeZone: 'America/New_York', hours_json: everyDay('09:00', '18:00'), minNoticeMinutes: 0 },
    services: [{ name: 'Haircut', durationMinutes: 30, price: 25 }],
    barbers: ['Alex'],
  });
});

async function book(start: string, client: typeof jordan) {
  const res = await request(app)
    .post(`/api/shops/${shop.slug}/appointments`)
    .send({ serviceId: shop.services[0]!.id, barberId: shop.barbers[0]!.id, start, client });
  if (res.status !== 201) throw new Error(`book: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

/** The owner asks in the chat; the scripted model proposes `tool` with `args`. */
async function proposal(tool: string, args: Record<string, unknown>): Promise<AssistantProposal> {
  llm.script({ toolCalls: [{ name: tool, args }] }, { text: 'Proposed; please confirm.' });
  const res = await request(app)
    .post(`/api/shops/${shop.id}/assistant/chat`)
    .set(bearer(owner.accessToken))
    .send({ message: 'Please do it' })
    .buffer(true)
    .parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => done(null, text));
    });
  const events = String(res.body)
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as AssistantEvent);
  const found = events.find((e) => e.type === 'proposal');
  if (found?.type !== 'proposal') throw new Error(`no proposal: ${String(res.body)}`);
  return found.proposal;
}

const decide = (id: string, how: 'confirm' | 'reject') =>
  request(app).post(`/api/shops/${shop.id}/assistant/proposals/${id}/${how}`).set(bearer(owner.accessToken));

interface AuditRow {
  id: string;
  event_id: string | null;
  confirmed_by: unknown;
  channel: string;
  tool: string;
  outcome: string;
  detail: Record<string, unknown> | null;
  at: Date;
}

const auditOf = (proposalId: string) =>
  db.dataSource.query(`SELECT * FROM "assistant_audit" WHERE "proposal_id" = $1 ORDER BY "id"`, [
    proposalId,
  ]) as Promise<AuditRow[]>;

const eventsOfProposal = (proposalId: string) =>
  db.dataSource.query(
    `SELECT "id", "type", "actor_kind", "actor_id", "data" FROM "appointment_events"
      WHERE "data"->>'proposalId' = $1 ORDER BY "seq"`,
    [proposalId],
  ) as Promise<Array<{ id: string; type: string; actor_kind: string; actor_id: string | null; data: unknown }>>;

describe('the audit of an applied change is a listener of its event', () => {
  it('is registered with the lifecycle', () => {
    expect(appointmentListeners().map((l) => l.name)).toContain('assistant-audit');
  });

  it("an owner's confirmed cancel: one event carrying the proposal, one audit line written with it", async () => {
    const appointment = await book(WEDNESDAY_3PM, jordan);
    const cancel = await proposal('cancel_appointment', { appointmentId: appointment.id });
    expect(await eventsOfProposal(cancel.id)).toEqual([]);

    const confirmed = await decide(cancel.id, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.proposal.status).toBe('confirmed');

    const events = await eventsOfProposal(cancel.id);
    expect(events).toEqual([
      {
        id: expect.any(String),
        type: 'cancelled',
        actor_kind: 'assistant',
        actor_id: owner.userId,
        data: { proposalId: cancel.id, channel: 'chat' },
      },
    ]);
    const audit = await auditOf(cancel.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      // Written by the listener: it names the event (the confirm path's own write has no event to name).
      event_id: events[0]!.id,
      confirmed_by: { kind: 'owner', userId: owner.userId, email: owner.email },
      channel: 'chat',
      tool: 'cancel_appointment',
      outcome: 'applied',
      detail: {
        appointmentId: appointment.id,
        event: 'cancelled',
        before: expect.objectContaining({ status: 'confirmed', start: '2026-12-02T20:00:00.000Z' }),
        after: expect.objectContaining({ status: 'cancelled' }),
      },
    });
    // The event's bookable facts only: the client's name and contact are not copied into the line's detail.
    expect(JSON.stringify(audit[0]!.detail)).not.toMatch(/Jordan|jordan@example\.com|555/);
  });

  it("an owner's confirmed move: the moved event and its audit line, linked by the proposal's id", async () => {
    const appointment = await book(WEDNESDAY_3PM, jordan);
    const move = await proposal('reschedule_appointment', { appointmentId: appointment.id, start: FRIDAY_3PM });
    expect((await decide(move.id, 'confirm')).status).toBe(200);

    const [moved, ...more] = await eventsOfProposal(move.id);
    expect(more).toEqual([]);
    expect(moved).toMatchObject({ type: 'moved', actor_kind: 'assistant', actor_id: owner.userId });
    const audit = await auditOf(move.id);
    expect(audit.map((a) => [a.event_id, a.outcome, a.tool])).toEqual([
      [moved!.id, 'applied', 'reschedule_appointment'],
    ]);
    expect(audit[0]!.detail).toMatchObject({
      event: 'moved',
      before: { start: '2026-12-02T20:00:00.000Z' },
      after: { start: '2026-12-04T20:00:00.000Z' },
    });
  });

  it('running the listener again on the same event changes nothing', async () => {
    const appointment = await book(WEDNESDAY_3PM, jordan);
    const cancel = await proposal('cancel_appointment', { appointmentId: appointment.id });
    expect((await decide(cancel.id, 'confirm')).status).toBe(200);
    const before = await auditOf(cancel.id);
    const [event] = await eventsOfProposal(cancel.id);

    const runListener = () =>
      db.dataSource.transaction(async (manager) => {
        const loaded = (await loadEvent(manager, event!.id))!;
        const ctx = (await loadAppointmentContext(manager, { id: appointment.id }))!;
        await assistantAuditListener.enqueue!(loaded, {
          manager,
          queue: app.mailQueue,
          now: app.clock.now(),
          appointment: ctx.appointment,
          shop: ctx.shop,
        });
      });

    await runListener();
    await runListener();
    expect(await auditOf(cancel.id)).toEqual(before);

    // With the line gone, the listener writes it again from the event, once, the same as before.
    await db.dataSource.query(`DELETE FROM "assistant_audit" WHERE "proposal_id" = $1`, [cancel.id]);
    await runListener();
    await runListener();
    const again = await auditOf(cancel.id);
    expect(again).toHaveLength(1);
    const { id: _id, at: _at, ...line } = before[0]!;
    expect(again[0]).toMatchObject(line);
  });

  it("leaves other actors' events alone: the owner's own cancel from the calendar writes no audit line", async () => {
    const appointment = await book(WEDNESDAY_3PM, jordan);
    const count = async () =>
      ((await db.dataSource.query(`SELECT count(*)::int AS "n" FROM "assistant_audit"`)) as Array<{ n: number }>)[0]!.n;
    const before = await count();
    const res = await request(app)
      .patch(`/api/shops/${shop.id}/appointments/${appointment.id}`)
      .set(bearer(owner.accessToken))
      .send({ status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(await count()).toBe(before);
  });
});

describe('proposals that changed no appointment are recorded where they end', () => {
  it('a rejected proposal: its audit line, and no event', async () => {
    const appointment = await book(WEDNESDAY_3PM, jordan);
    const cancel = await proposal('cancel_appointment', { appointmentId: appointment.id });
    const rejected = await decide(cancel.id, 'reject');
    expect(rejected.body.proposal.status).toBe('rejected');

    expect(await eventsOfProposal(cancel.id)).toEqual([]);
    const audit = await auditOf(cancel.id);
    expect(audit.map((a) => [a.outcome, a.event_id, a.channel, a.tool])).toEqual([
      ['rejected', null, 'chat', 'cancel_appointment'],
    ]);
  });

  it('a move that failed (the time was taken meanwhile): its audit line says so, and no event was written', async () => {
    const appointment = await book(WEDNESDAY_3PM, jordan);
    const move = await proposal('reschedule_appointment', { appointmentId: appointment.id, start: FRIDAY_3PM });
    // Riley books Friday 3 PM with Alex before the owner confirms.
    await book(FRIDAY_3PM, riley);

    const confirmed = await decide(move.id, 'confirm');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.proposal.status).toBe('failed');

    expect(await eventsOfProposal(move.id)).toEqual([]);
    const audit = await auditOf(move.id);
    expect(audit.map((a) => [a.outcome, a.event_id])).toEqual([['failed', null]]);
    expect(audit[0]!.detail).toEqual({ error: expect.any(String) });
  });

  it("an applied write that is not an appointment's (reminders now): its audit line has no event", async () => {
    await book('2026-12-03T16:00:00Z', jordan);
    const quick = await request(app)
      .post(`/api/shops/${shop.id}/assistant/quick/send-tomorrows-reminders`)
      .set(bearer(owner.accessToken));
    const reminders = quick.body.proposal as AssistantProposal;
    expect((await decide(reminders.id, 'confirm')).body.proposal.status).toBe('confirmed');

    const audit = await auditOf(reminders.id);
    expect(audit.map((a) => [a.outcome, a.event_id, a.tool])).toEqual([['applied', null, 'send_reminders']]);
    expect(audit[0]!.detail).toEqual({ count: 1, date: '2026-12-03' });
  });
});
