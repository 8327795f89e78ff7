import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from './unavailable';

/**
 * dataSource.initialize(), waiting for a database that is not up yet (a container starting beside it, a restart)
 * instead of exiting: retries every 0.5 s, backing off to 5 s, and says so in the log. Other errors (a wrong
 * password, a missing database) still fail at once.
 */
export async function initializeWhenReachable(dataSource: DataSource, logger: Logger): Promise<void> {
  let delayMs = 500;
  for (let attempt = 1; ; attempt++) {
    try {
      await dataSource.initialize();
      if (attempt > 1) logger.info({ attempt }, 'database reachable');
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      if (attempt === 1 || attempt % 10 === 0) {
        logger.warn(
          { err: err instanceof Error ? err.message : String(err), attempt },
          'database unreachable, retrying',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, 5000);
    }
  }
}
