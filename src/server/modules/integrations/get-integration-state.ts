import { AppError } from '../../../shared/errors';
import { type HackerOneState, integrationsAllowed, type StatuspageState } from '../../../shared/integrations';
import { messages } from '../../../shared/messages';
import { specialisedMessages } from '../../../shared/specialised-cards';
import { assertCanEdit, findProductOfOrganisation } from '../cards';
import type { IntegrationContext } from './integration-context';
import { liveProgramStatistics, liveStatusSummary, toHackerOneData, toStatuspageData } from './live-data';
import { type ConnectionRow, findConnection } from './queries';

const connectionOf = (row: ConnectionRow) => ({
  link: row.link,
  showInCard: row.showInCard,
  connectedAt: row.connectedAt.toISOString(),
});

async function staffConnection(ctx: IntegrationContext, productId: string, kind: 'hackerone' | 'statuspage') {
  assertCanEdit(ctx.viewer);
  const product = await findProductOfOrganisation(ctx.db, ctx.viewer.organisation.id, productId);
  if (!product) throw new AppError('product_not_found', messages.productNotFound);
  return findConnection(ctx.db, product.id, kind);
}

/** GET /api/integrations/hackerone — what the editor shows: the connection and its live statistics or error. */
export async function getHackerOneState({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { productId: string };
}): Promise<HackerOneState> {
  const allowed = integrationsAllowed(ctx.viewer.organisation.planFeatures);
  const row = await staffConnection(ctx, input.productId, 'hackerone');
  if (!row) return { allowed, connection: null, data: null, error: null };
  const live = await liveProgramStatistics(ctx.clients, row);
  return live.ok
    ? { allowed, connection: connectionOf(row), data: toHackerOneData(live.data, allowed), error: null }
    : {
        allowed,
        connection: connectionOf(row),
        data: null,
        error: specialisedMessages.temporaryError('HackerOne'),
      };
}

export async function getStatuspageState({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { productId: string };
}): Promise<StatuspageState> {
  const allowed = integrationsAllowed(ctx.viewer.organisation.planFeatures);
  const row = await staffConnection(ctx, input.productId, 'statuspage');
  if (!row) return { allowed, connection: null, data: null, error: null };
  const live = await liveStatusSummary(ctx.clients, row);
  return live.ok
    ? { allowed, connection: connectionOf(row), data: toStatuspageData(live.data, row, allowed), error: null }
    : {
        allowed,
        connection: connectionOf(row),
        data: null,
        error: specialisedMessages.temporaryError('Statuspage'),
      };
}
