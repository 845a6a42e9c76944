import { type AuditLogPage, AuditLogQuery, auditPageSize } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { canUseConsole } from '../../policy';
import { countAuditEntries, listAuditActions, listAuditActors, listAuditEntries } from './queries';

/** GET /api/audit-log: every recorded staff change, newest first, filtered by action and person. */
export async function listAuditLog({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: AuditLogQuery;
}): Promise<AuditLogPage> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const query = AuditLogQuery.parse(input);
  const filter = { organisationId: ctx.viewer.organisation.id, action: query.action, actorId: query.actorId };
  const rows = await listAuditEntries(ctx.db, filter, {
    limit: auditPageSize,
    offset: (query.page - 1) * auditPageSize,
  });
  const total = await countAuditEntries(ctx.db, filter);
  const actions = await listAuditActions(ctx.db, ctx.viewer.organisation.id);
  const actors = await listAuditActors(ctx.db, ctx.viewer.organisation.id);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      action: row.action,
      target: row.target,
      data: row.data,
      actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '', email: row.actorEmail ?? '' } : null,
    })),
    total,
    page: query.page,
    pageSize: auditPageSize,
    actions,
    actors,
  };
}
