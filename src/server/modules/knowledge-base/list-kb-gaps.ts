import type { KbGapList } from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { listKbGaps } from './queries';
import { requireConsole } from './staff-checks';

const maxGaps = 500;

/** Questions Ask AI could not answer, most asked first: what the knowledge base should add. */
export async function listKnowledgeGaps({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<KbGapList> {
  requireConsole(ctx.viewer);
  const rows = await listKbGaps(ctx.db, ctx.viewer.organisation.id, maxGaps);
  return {
    gaps: rows.map((row) => ({
      id: row.id,
      question: row.question,
      productId: row.productId,
      askCount: row.askCount,
      firstAskedAt: row.firstAskedAt.toISOString(),
      lastAskedAt: row.lastAskedAt.toISOString(),
    })),
  };
}
