import type { AppDeps } from '../../context';
import { updateMailQueue } from '../mail';
import { createFanOutHandler, createUpdateMailHandler } from './fan-out';
import { fanOutQueue } from './queries';

/** The updates module's queues: fan-out (one job per update), one job per update mail. */
export function registerUpdateJobHandlers(deps: AppDeps): void {
  const { db } = deps.database;
  deps.providers.jobs.register(
    fanOutQueue,
    createFanOutHandler({ db, config: deps.config, providers: deps.providers, logger: deps.logger }),
  );
  deps.providers.jobs.register(
    updateMailQueue,
    createUpdateMailHandler({
      db,
      providers: deps.providers,
      logger: deps.logger,
      sendConcurrency: deps.config.jobConcurrency,
    }),
    // Up to updateMailsPerJob mails over the pool; a healthy server sends them in seconds.
    { timeLimitMs: 5 * 60_000 },
  );
}
