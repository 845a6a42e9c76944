import type { Logger } from 'pino';
import type { AppDeps } from './context';

/** Every queue's handler, registered on each node; the mail delivery handler arrives with the outbox. */
export function registerJobHandlers(_deps: AppDeps & { logger: Logger }): void {}
