import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { parseStatuspageLink, type StatuspageState } from '../../../shared/integrations';
import { specialisedMessages } from '../../../shared/specialised-cards';
import { integrationConnections } from '../../db/schema';
import { assertCanEdit, invalid, inWriteTransaction, lockProduct, recordChange } from '../cards';
import { assertIntegrationsAllowed, type IntegrationContext } from './integration-context';
import { liveKey } from './live-cache';
import { toStatuspageData } from './live-data';

/** POST /api/integrations/statuspageio/connect — reads the page's summary once, then stores the link. */
export async function connectStatuspage({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { productId: string; link: string };
}): Promise<StatuspageState> {
  assertCanEdit(ctx.viewer);
  assertIntegrationsAllowed(ctx.viewer);
  const base = parseStatuspageLink(input.link);
  if (!base) throw invalid('link', specialisedMessages.statuspageInvalid);
  await lockProduct(ctx.db, ctx.viewer, input.productId);
  const result = await ctx.clients.statuspage.summary(base);
  if (!result.ok) {
    if (result.reason === 'private') throw invalid('link', specialisedMessages.privateAddress);
    ctx.report('Statuspage connection failed', { reason: result.reason });
    throw new AppError('validation_failed', specialisedMessages.statuspageInvalid, {
      link: specialisedMessages.statuspageInvalid,
    });
  }
  const row = await inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    const previous = await db
      .delete(integrationConnections)
      .where(
        and(eq(integrationConnections.productId, product.id), eq(integrationConnections.kind, 'statuspage')),
      )
      .returning({ showInCard: integrationConnections.showInCard });
    const [created] = await db
      .insert(integrationConnections)
      .values({
        organisationId: product.organisationId,
        productId: product.id,
        kind: 'statuspage',
        link: base,
        externalId: base,
        // A reconnect keeps the switch where staff left it; a first connection shows (spec 2 §4).
        showInCard: previous[0]?.showInCard ?? true,
      })
      .returning();
    await recordChange(db, ctx.viewer, {
      action: 'integration.connected',
      target: `product:${product.id}`,
      data: { kind: 'statuspage', link: base },
    });
    return created!;
  });
  ctx.clients.cache.set(liveKey(row.organisationId, row.id), result);
  return {
    allowed: true,
    connection: { link: row.link, showInCard: row.showInCard, connectedAt: row.connectedAt.toISOString() },
    data: toStatuspageData(result.data, row, true),
    error: null,
  };
}
