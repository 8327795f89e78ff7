import type { Job } from 'pg-boss';
import type { DomainsDeps } from './domain-rows';
import { DOMAIN_CHECK_QUEUE, type DomainCheckJob, ensureDomainQueue, runDomainCheck } from './domain-verification';

/** Runs the background domain checks from the durable queue (main.ts, beside the mail worker). */
export async function startDomainCheckWorker(
  deps: DomainsDeps & { queue: NonNullable<DomainsDeps['queue']>; pollingIntervalSeconds?: number },
): Promise<{ stop(): Promise<void> }> {
  await ensureDomainQueue(deps.queue);
  const id = await deps.queue.boss.work<DomainCheckJob>(
    DOMAIN_CHECK_QUEUE,
    { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 5, batchSize: 1 },
    async (jobs: Job<DomainCheckJob>[]) => {
      for (const job of jobs) {
        const status = await runDomainCheck(deps, job.data);
        deps.logger?.info({ domainId: job.data.domainId, status }, 'domain checked');
      }
    },
  );
  return {
    async stop() {
      await deps.queue.boss.offWork({ id }).catch(() => undefined);
    },
  };
}
