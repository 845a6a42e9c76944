import type { AppDeps } from './context';
import { createDeliverMailHandler } from './modules/mail/deliver-mail';
import { mailDeliveryQueue } from './modules/mail/queue-mail';

/** Every queue's handler, registered on each node (main.ts and the test app alike). */
export function registerJobHandlers(deps: AppDeps): void {
  deps.providers.jobs.register(
    mailDeliveryQueue,
    createDeliverMailHandler({ db: deps.database.db, providers: deps.providers, logger: deps.logger }),
  );
}
