import { and, eq } from 'drizzle-orm';
import type { IntegrationKind } from '../../../shared/specialised-cards';
import { integrationConnections } from '../../db/schema';
import { assertCanEdit, inWriteTransaction, lockProduct, recordChange } from '../cards';
import type { IntegrationContext } from './integration-context';
import { liveKey } from './live-cache';

/** DELETE /api/integrations/{kind} — back to unconnected; allowed whatever the plan, so a downgrade can clean up. */
export async function disconnectIntegration({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { productId: string; kind: IntegrationKind };
}): Promise<{ disconnected: boolean }> {
  assertCanEdit(ctx.viewer);
  const removed = await inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    const rows = await db
      .delete(integrationConnections)
      .where(
        and(eq(integrationConnections.productId, product.id), eq(integrationConnections.kind, input.kind)),
      )
      .returning();
    if (rows.length > 0) {
      await recordChange(db, ctx.viewer, {
        action: 'integration.disconnected',
        target: `product:${product.id}`,
        data: { kind: input.kind },
      });
    }
    return rows;
  });
  for (const row of removed) ctx.clients.cache.forget(liveKey(row.organisationId, row.id));
  return { disconnected: removed.length > 0 };
}
