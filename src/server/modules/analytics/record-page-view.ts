import type { Database } from '../../db/client';
import type { Viewer } from '../../policy/viewer';
import { pageViewBufferFor } from './page-view-buffer';

const botUserAgent = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview/i;

/** Staff looking at their own page (Main or Preview) are not visitors; crawlers are not either. */
export function isCountedVisit(viewer: Viewer, userAgent: string | undefined): boolean {
  if (viewer.mode === 'main' || viewer.mode === 'preview') return false;
  return !botUserAgent.test(userAgent ?? '');
}

/**
 * Queues a page view of the portal (server-side fact, no client script needed). Never awaited by the
 * page: the write happens in a batch a moment later.
 */
export function recordPageView(
  db: Database,
  input: { viewer: Viewer; path: string; userAgent: string | undefined; onError: (error: unknown) => void },
): void {
  const { viewer } = input;
  if (!isCountedVisit(viewer, input.userAgent)) return;
  pageViewBufferFor(db, input.onError).push({
    organisationId: viewer.organisation.id,
    name: 'page_view',
    source: 'server',
    viewerMode: viewer.mode,
    accountId: viewer.member?.account.id ?? null,
    accountMemberId: viewer.member?.id ?? null,
    path: input.path.slice(0, 512),
    createdAt: new Date(),
  });
}
