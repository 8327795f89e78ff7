import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { type BookingMailQueue, createBookingMailQueue, createQueueOnce, workWhileBusy } from './mail-queue';

/**
 * A backlog drains as fast as its jobs run, not one job per polling interval. pg-boss waits its interval after
 * every fetch; with one job at a time that made a busy evening's mails leave at one every 2 seconds (the e2e
 * journeys' mails arrived 20-40 s late). The interval here is a minute: without workWhileBusy, only the first of
 * five jobs would run before the test gives up.
 */
let db: TestDatabase;
let queue: BookingMailQueue;

beforeAll(async () => {
  db = await createTestDatabase();
  queue = createBookingMailQueue({ connectionString: db.url, logger: createLogger('silent') });
  await queue.ready();
});
afterAll(async () => {
  await queue?.stop();
  await db?.drop();
});

it('takes the next job at once while there are jobs, one at a time', async () => {
  const name = 'work-while-busy-test';
  await createQueueOnce(queue.boss, { name, policy: 'standard' });
  for (let i = 0; i < 5; i++) await queue.boss.send(name, { i });
  const seen: number[] = [];
  const id = await workWhileBusy<{ i: number }>(
    queue.boss,
    name,
    { pollingIntervalSeconds: 60, batchSize: 1 },
    async (jobs) => {
      for (const job of jobs) seen.push(job.data.i);
    },
  );
  try {
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBe(5);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
  } finally {
    await queue.boss.offWork({ id });
  }
});
