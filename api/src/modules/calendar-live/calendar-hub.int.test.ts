import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { CALENDAR_CHANNEL, type CalendarSignal, createCalendarHub } from './calendar-hub';

/** The process's one listening connection (decision 0189), against the real Postgres. */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const listeningSessions = async () =>
  Number(
    (
      await db.dataSource.query(
        `SELECT count(*) AS "n" FROM pg_stat_activity WHERE "datname" = current_database() AND "application_name" = 'barberly-calendar'`,
      )
    )[0].n,
  );

describe('the calendar hub', () => {
  it("holds one connection for all of a process's streams, hands each its shop's changes, and ends them on close", async () => {
    const hub = createCalendarHub({ connectionString: db.url, logger: pino({ level: 'silent' }) });
    const [shopA, shopB] = [randomUUID(), randomUUID()];
    const heardA: CalendarSignal[] = [];
    const heardA2: CalendarSignal[] = [];
    const heardB: CalendarSignal[] = [];
    await hub.subscribe(shopA, (s) => heardA.push(s));
    await hub.subscribe(shopA, (s) => heardA2.push(s));
    await hub.subscribe(shopB, (s) => heardB.push(s));
    expect(await listeningSessions()).toBe(1);

    const id = randomUUID();
    await db.dataSource.query(`SELECT pg_notify($1, $2)`, [
      CALENDAR_CHANNEL,
      JSON.stringify({ s: shopA, b: null, k: 'special_day', id }),
    ]);
    await expect.poll(() => heardA.length).toBe(1);
    await expect.poll(() => heardA2.length).toBe(1);
    expect(heardA[0]).toEqual({ type: 'change', change: { shopId: shopA, barberId: null, kind: 'special_day', id } });
    expect(heardB).toEqual([]);

    await hub.close();
    expect(heardA.at(-1)).toEqual({ type: 'closing' });
    expect(heardB.at(-1)).toEqual({ type: 'closing' });
    await expect.poll(listeningSessions).toBe(0);
  });

  it('closes its connection when the last stream leaves', async () => {
    const hub = createCalendarHub({ connectionString: db.url, logger: pino({ level: 'silent' }) });
    const leave = await hub.subscribe(randomUUID(), () => undefined);
    expect(await listeningSessions()).toBe(1);
    leave();
    await expect.poll(listeningSessions).toBe(0);
  });
});
