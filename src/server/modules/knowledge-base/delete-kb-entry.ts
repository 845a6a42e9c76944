import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { kbMessages } from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { insertAuditEntry } from '../../core';
import { knowledgeBaseEntries } from '../../db/schema';
import { requireEditor } from './staff-checks';

export async function deleteKbEntry({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { entryId: string };
}): Promise<void> {
  requireEditor(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(knowledgeBaseEntries)
      .where(
        and(
          eq(knowledgeBaseEntries.id, input.entryId),
          eq(knowledgeBaseEntries.organisationId, organisationId),
        ),
      )
      .returning({ id: knowledgeBaseEntries.id, question: knowledgeBaseEntries.question });
    if (!row) throw new AppError('not_found', kbMessages.entryNotFound);
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: ctx.viewer.staff!.id,
      action: 'kb.entry.delete',
      target: row.id,
      data: { question: row.question },
    });
  });
}
