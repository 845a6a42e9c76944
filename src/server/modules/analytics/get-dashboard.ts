import type { AnalyticsDashboard, AnalyticsRangeQuery } from '../../../shared/analytics';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { canUseConsole } from '../../policy';
import { toRange } from './analytics-range';
import { listAccountEngagement } from './engagement-queries';
import {
  accessFunnel,
  countCardEdits,
  countEventsByName,
  countVisits,
  documentTotals,
  knowledgeGaps,
  searchesWithoutResults,
  searchTotals,
  topDocuments,
  topItems,
  visitsByDay,
} from './queries';

const accountRows = 25;

/** GET /api/analytics: the staff dashboard for a range of days (any console user). */
export async function getAnalyticsDashboard({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: AnalyticsRangeQuery;
}): Promise<AnalyticsDashboard> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const range = toRange(ctx.viewer.organisation.id, input);
  const { db } = ctx;
  // One at a time: PGlite has a single connection, and a pooled PostgreSQL gains little here.
  const visits = await countVisits(db, range);
  const byDay = await visitsByDay(db, range);
  const documents = await documentTotals(db, range);
  const searches = await searchTotals(db, range);
  const items = await topItems(db, range);
  const documentList = await topDocuments(db, range);
  const noResults = await searchesWithoutResults(db, range);
  const gaps = await knowledgeGaps(db, range);
  const funnel = await accessFunnel(db, range);
  const { accounts } = await listAccountEngagement(db, range, { limit: accountRows, offset: 0 });
  const eventCounts = await countEventsByName(db, range);
  const cardEdits = await countCardEdits(db, range);
  if (cardEdits > 0) {
    eventCounts.push({ name: 'card_edited', count: cardEdits });
    eventCounts.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  }
  return {
    range: { from: input.from, to: input.to },
    totals: {
      visits: visits.visits,
      uniqueVisitors: visits.uniqueVisitors,
      documentViews: documents.views,
      downloads: documents.downloads,
      searches: searches.searches,
      searchesWithoutResults: searches.withoutResults,
    },
    visitsByDay: byDay,
    topItems: items,
    topDocuments: documentList,
    searchesWithoutResults: noResults,
    knowledgeGaps: gaps.map((gap) => ({ ...gap, lastAskedAt: gap.lastAskedAt.toISOString() })),
    funnel,
    accounts: accounts.map((row) => ({
      accountId: row.accountId,
      name: row.name,
      events: row.portalEvents,
      documentViews: row.documentViews,
      downloads: row.downloads,
      lastActiveAt: row.lastSeenAt,
    })),
    eventCounts,
  };
}
