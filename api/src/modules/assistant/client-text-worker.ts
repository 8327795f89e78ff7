import type { Job } from 'pg-boss';
import type { BookingMailQueue } from '../mail/mail-queue';
import { type AssistantHandOffDeps, answerClientText } from './client-text-dispatch';
import { CLIENT_TEXT_QUEUE, type ClientTextJob, ensureClientTextQueue } from './client-text-queue';

export interface ClientTextWorkerDeps extends AssistantHandOffDeps {
  queue: BookingMailQueue;
  /** How often an idle worker looks for texts to answer (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}

/** One queued text: answered, or left unread in the inbox; never thrown back to pg-boss (no retry, decision 0171). */
export async function runClientTextJob(deps: ClientTextWorkerDeps, job: ClientTextJob): Promise<void> {
  try {
    await answerClientText(deps, job);
  } catch (err) {
    deps.logger.error({ err, shopId: job.shopId, messageId: job.messageId }, 'client text answer failed');
  }
}

/** Answers clients' texts from the durable queue (workers.ts): one at a time, a second between looks when idle. */
export async function startClientTextWorker(deps: ClientTextWorkerDeps): Promise<{ stop(): Promise<void> }> {
  const { boss } = deps.queue;
  await ensureClientTextQueue(deps.queue);
  const id = await boss.work<ClientTextJob>(
    CLIENT_TEXT_QUEUE,
    { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 1, batchSize: 1 },
    async (jobs: Job<ClientTextJob>[]) => {
      for (const job of jobs) await runClientTextJob(deps, job.data);
    },
  );
  return {
    async stop() {
      await boss.offWork({ id }).catch(() => undefined);
    },
  };
}
