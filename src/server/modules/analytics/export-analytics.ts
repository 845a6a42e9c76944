import type { AnalyticsExportQuery } from '../../../shared/analytics';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { toCsv } from '../../core';
import { canUseConsole } from '../../policy';
import { toRange } from './analytics-range';
import { listAccountEngagement } from './engagement-queries';
import { listEventsForExport, topDocuments } from './queries';

/** An export holds at most this many events; a longer range is exported in parts. */
export const exportMaxEvents = 100_000;

/** GET /api/analytics/export: one report of the range as CSV (UTF-8, every field quoted). */
export async function exportAnalytics({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: AnalyticsExportQuery;
}): Promise<{ filename: string; csv: string }> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const range = toRange(ctx.viewer.organisation.id, input);
  const bom = input.bom === '1';
  const filename = `analytics-${input.report}-${input.from}-to-${input.to}.csv`;
  if (input.report === 'accounts') {
    const { accounts } = await listAccountEngagement(ctx.db, range, { limit: 10_000, offset: 0 });
    return {
      filename,
      csv: toCsv(
        [
          [
            'account',
            'domain',
            'people',
            'portal events',
            'document views',
            'downloads',
            'items opened',
            'last seen at',
          ],
          ...accounts.map((row) => [
            row.name,
            row.domain,
            row.people,
            row.portalEvents,
            row.documentViews,
            row.downloads,
            row.itemsOpened,
            row.lastSeenAt,
          ]),
        ],
        { bom },
      ),
    };
  }
  if (input.report === 'documents') {
    const rows = await topDocuments(ctx.db, range, 10_000);
    return {
      filename,
      csv: toCsv(
        [['document', 'views', 'downloads'], ...rows.map((row) => [row.title, row.views, row.downloads])],
        { bom },
      ),
    };
  }
  const rows = await listEventsForExport(ctx.db, range, exportMaxEvents);
  return {
    filename,
    csv: toCsv(
      [
        [
          'time',
          'event',
          'source',
          'viewer mode',
          'visitor',
          'account',
          'member',
          'path',
          'item',
          'subject',
          'properties',
          // A row of server page views counts every view of that page by that viewer in two seconds.
          'count',
        ],
        ...rows.map((row) => [
          row.createdAt,
          row.name,
          row.source,
          row.viewerMode,
          row.visitorId,
          row.accountName,
          row.memberEmail,
          row.path,
          row.itemId,
          row.subject,
          row.props,
          row.views,
        ]),
      ],
      { bom },
    ),
  };
}
