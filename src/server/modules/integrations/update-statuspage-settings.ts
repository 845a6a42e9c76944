import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { specialisedMessages } from '../../../shared/specialised-cards';
import { integrationConnections } from '../../db/schema';
import { assertCanEdit, inWriteTransaction, lockProduct, recordChange } from '../cards';
import { assertIntegrationsAllowed, type IntegrationContext } from './integration-context';

/** PATCH /api/integrations/statuspageio — the 'Show on Trust Center' switch. */
export async function updateStatuspageSettings({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { productId: string; showInCard: boolean };
}): Promise<{ showInCard: boolean }> {
  assertCanEdit(ctx.viewer);
  assertIntegrationsAllowed(ctx.viewer);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    const [row] = await db
      .update(integrationConnections)
      .set({ showInCard: input.showInCard })
      .where(
        and(eq(integrationConnections.productId, product.id), eq(integrationConnections.kind, 'statuspage')),
      )
      .returning();
    if (!row) throw new AppError('not_found', specialisedMessages.notConnected);
    await recordChange(db, ctx.viewer, {
      action: 'integration.settings_changed',
      target: `product:${product.id}`,
      data: { kind: 'statuspage', showInCard: input.showInCard },
    });
    return { showInCard: row.showInCard };
  });
}
