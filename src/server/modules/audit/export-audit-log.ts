import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { toCsv } from '../../core';
import { canUseConsole } from '../../policy';
import { listAuditEntries } from './queries';

/** A spreadsheet stays usable, and a year of sign-ins of a large team fits. */
const exportRowLimit = 100_000;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * GET /api/audit-log/export.csv: the filtered log, newest first, as evidence for an auditor. Address and
 * browser get their own columns (sign-ins and security changes record them); the rest stays JSON.
 */
export async function exportAuditLog({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { action?: string; actorId?: string; bom: boolean };
}): Promise<string> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const rows = await listAuditEntries(
    ctx.db,
    { organisationId: ctx.viewer.organisation.id, action: input.action, actorId: input.actorId },
    { limit: exportRowLimit, offset: 0 },
  );
  const header = [
    'Time (UTC)',
    'Action',
    'Staff name',
    'Staff e-mail',
    'Target',
    'Address',
    'Browser',
    'Details',
  ];
  return toCsv(
    [
      header,
      ...rows.map((row) => {
        const { ipAddress, userAgent, ...details } = row.data;
        return [
          row.createdAt.toISOString(),
          row.action,
          row.actorName ?? '',
          row.actorEmail ?? '',
          row.target ?? '',
          text(ipAddress),
          text(userAgent),
          Object.keys(details).length > 0 ? JSON.stringify(details) : '',
        ];
      }),
    ],
    { bom: input.bom },
  );
}
