import type { PortalCache } from '../modules/portal/portal-cache';
import type { JobQueue } from './jobs/types';
import type { MailTransport } from './mail/types';

/** Swappable by configuration (DESIGN.md "Providers"); later issues add storage and AI. */
export type Providers = {
  mail: MailTransport;
  jobs: JobQueue;
  /** In memory per node, invalidated across nodes through LISTEN/NOTIFY. */
  cache: PortalCache;
};
