import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { kbMessages } from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { knowledgeBaseGaps } from '../../db/schema';
import { requireEditor } from './staff-checks';

/** Dismisses a gap (answered, or not worth answering). */
export async function deleteKbGap({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { gapId: string };
}): Promise<void> {
  requireEditor(ctx.viewer);
  const [row] = await ctx.db
    .delete(knowledgeBaseGaps)
    .where(
      and(
        eq(knowledgeBaseGaps.id, input.gapId),
        eq(knowledgeBaseGaps.organisationId, ctx.viewer.organisation.id),
      ),
    )
    .returning({ id: knowledgeBaseGaps.id });
  if (!row) throw new AppError('not_found', kbMessages.gapNotFound);
}
