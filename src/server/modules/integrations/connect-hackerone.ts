import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { type HackerOneState, hackerOneHost, parseHackerOneLink } from '../../../shared/integrations';
import { specialisedMessages } from '../../../shared/specialised-cards';
import { integrationConnections } from '../../db/schema';
import { assertCanEdit, invalid, inWriteTransaction, lockProduct, recordChange } from '../cards';
import { assertIntegrationsAllowed, type IntegrationContext } from './integration-context';
import { liveKey } from './live-cache';
import { toHackerOneData } from './live-data';

/** POST /api/integrations/hackerone/connect — checks the program exists, then stores the connection. */
export async function connectHackerOne({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { productId: string; page: string };
}): Promise<HackerOneState> {
  assertCanEdit(ctx.viewer);
  assertIntegrationsAllowed(ctx.viewer);
  const handle = parseHackerOneLink(input.page);
  if (!handle) throw invalid('page', specialisedMessages.hackeroneInvalidLink(hackerOneHost));
  // The product is checked before any outbound call, and the call runs outside the transaction.
  await lockProduct(ctx.db, ctx.viewer, input.productId);
  const result = await ctx.clients.hackerone.programStatistics(handle);
  if (!result.ok) {
    if (result.reason === 'not_found') throw invalid('page', specialisedMessages.hackeroneNotFound);
    ctx.report('HackerOne connection failed', { reason: result.reason, handle });
    throw new AppError('validation_failed', specialisedMessages.hackeroneUnknown, {
      page: specialisedMessages.hackeroneUnknown,
    });
  }
  const link = `https://${hackerOneHost}/${handle}`;
  const row = await inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, ctx.viewer, input.productId);
    await db
      .delete(integrationConnections)
      .where(
        and(eq(integrationConnections.productId, product.id), eq(integrationConnections.kind, 'hackerone')),
      );
    const [created] = await db
      .insert(integrationConnections)
      .values({
        organisationId: product.organisationId,
        productId: product.id,
        kind: 'hackerone',
        link,
        externalId: handle,
      })
      .returning();
    await recordChange(db, ctx.viewer, {
      action: 'integration.connected',
      target: `product:${product.id}`,
      data: { kind: 'hackerone', handle },
    });
    return created!;
  });
  ctx.clients.cache.set(liveKey(row.organisationId, row.id), result);
  return {
    allowed: true,
    connection: { link: row.link, showInCard: row.showInCard, connectedAt: row.connectedAt.toISOString() },
    data: toHackerOneData(result.data, true),
    error: null,
  };
}
