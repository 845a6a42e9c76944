import {
  type AccountEngagementDetail,
  type AccountEngagementExportQuery,
  type AccountEngagementPage,
  type AccountEngagementQuery,
  type AnalyticsRangeQuery,
  engagementLimits,
  engagementMessages,
} from '../../../shared/analytics';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { toCsv } from '../../core';
import { canUseConsole } from '../../policy';
import { toRange } from './analytics-range';
import {
  accountActivityLog,
  accountContentEngagement,
  accountPeopleEngagement,
  findAccountOfOrganisation,
  listAccountEngagement,
} from './engagement-queries';
import { exportMaxEvents } from './export-analytics';

type StaffContext = Pick<Context, 'db' | 'viewer'>;

function staffRange(ctx: StaffContext, input: AnalyticsRangeQuery) {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  return toRange(ctx.viewer.organisation.id, input);
}

/** GET /api/analytics/accounts: accounts with activity in the range, most engaged first, one page. */
export async function getAccountEngagementPage({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: AccountEngagementQuery;
}): Promise<AccountEngagementPage> {
  const range = staffRange(ctx, input);
  const { accounts, total } = await listAccountEngagement(ctx.db, range, {
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return {
    range: { from: input.from, to: input.to },
    accounts,
    total,
    page: input.page,
    pageSize: input.pageSize,
    pageCount: Math.ceil(total / input.pageSize),
  };
}

async function accountOf(ctx: StaffContext, accountId: string) {
  const account = await findAccountOfOrganisation(ctx.db, ctx.viewer.organisation.id, accountId);
  if (!account) throw new AppError('not_found', engagementMessages.accountNotFound);
  return account;
}

/** GET /api/analytics/accounts/:accountId: who in the account viewed, downloaded and opened what, and when. */
export async function getAccountEngagementDetail({
  ctx,
  accountId,
  input,
}: {
  ctx: StaffContext;
  accountId: string;
  input: AnalyticsRangeQuery;
}): Promise<AccountEngagementDetail> {
  const range = staffRange(ctx, input);
  const account = await accountOf(ctx, accountId);
  // One at a time: PGlite has a single connection.
  const { totals, people } = await accountPeopleEngagement(ctx.db, range, account.id);
  const { documents, items } = await accountContentEngagement(ctx.db, range, account.id);
  const activity = await accountActivityLog(ctx.db, range, account.id, engagementLimits.activityRows);
  return { range: { from: input.from, to: input.to }, account, totals, people, documents, items, activity };
}

const activityLabels = {
  view: 'viewed',
  download: 'downloaded',
  bulk_download: 'downloaded (bulk)',
  item_opened: 'opened item',
  agent_call: 'asked with an access token:',
} as const;

/** A file name from an account's name: letters, digits and dashes. */
function fileNamePart(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'account'
  );
}

/** GET /api/analytics/accounts/:accountId/export: the account's activity of the range as CSV. */
export async function exportAccountEngagement({
  ctx,
  accountId,
  input,
}: {
  ctx: StaffContext;
  accountId: string;
  input: AccountEngagementExportQuery;
}): Promise<{ filename: string; csv: string }> {
  const range = staffRange(ctx, input);
  const account = await accountOf(ctx, accountId);
  const rows = await accountActivityLog(ctx.db, range, account.id, exportMaxEvents);
  return {
    filename: `engagement-${fileNamePart(account.name)}-${input.from}-to-${input.to}.csv`,
    csv: toCsv(
      [
        ['time', 'account', 'person', 'action', 'document or item'],
        ...rows.map((row) => [row.at, account.name, row.person, activityLabels[row.kind], row.subject]),
      ],
      { bom: input.bom === '1' },
    ),
  };
}
