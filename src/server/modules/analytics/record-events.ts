import { AnalyticsBatch, type AnalyticsBatchResult } from '../../../shared/analytics';
import type { Context } from '../../context';
import { analyticsEvents } from '../../db/schema';

/**
 * POST {share base}/events: a batch from the portal's own script. Events of staff in Main or Preview
 * mode are dropped (the client sends none there either): they are not visitor behaviour.
 */
export async function recordClientEvents({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: AnalyticsBatch;
}): Promise<AnalyticsBatchResult> {
  const { viewer } = ctx;
  const batch = AnalyticsBatch.parse(input);
  if (viewer.mode === 'main' || viewer.mode === 'preview') return { accepted: 0 };
  const now = new Date();
  await ctx.db.insert(analyticsEvents).values(
    batch.events.map((event) => ({
      organisationId: viewer.organisation.id,
      name: event.name,
      source: 'client' as const,
      viewerMode: viewer.mode,
      visitorId: batch.visitorId,
      accountId: viewer.member?.account.id ?? null,
      accountMemberId: viewer.member?.id ?? null,
      path: event.path ?? null,
      itemId: event.itemId ?? null,
      subject: event.subject ?? null,
      props: event.props ?? {},
      createdAt: now,
    })),
  );
  return { accepted: batch.events.length };
}
