import { AppError } from '../../../shared/errors';
import type { HackerOneData, IntegrationKind, StatuspageData } from '../../../shared/specialised-cards';
import { specialisedMessages } from '../../../shared/specialised-cards';
import { getPortalView } from '../portal';
import type { IntegrationContext } from './integration-context';
import { liveProgramStatistics, liveStatusSummary, toHackerOneData, toStatuspageData } from './live-data';
import { findConnection } from './queries';

/**
 * The visitor's connection of a kind, only when the viewer's own page model shows it: the view went
 * through the policy gate (product, card and host item readable) and the plan and switch checks.
 */
async function visibleConnection(ctx: IntegrationContext, productId: string, kind: IntegrationKind) {
  const view = await getPortalView({ ctx, input: { productId } });
  const shown = view.specialised?.integrations.some((summary) => summary.kind === kind);
  const row = shown ? await findConnection(ctx.db, view.product.productId, kind) : null;
  if (!row) throw new AppError('not_found', specialisedMessages.notConnected);
  return row;
}

/** GET /api/statuspage/share/:org/hackerone — live program statistics; 503 hides the widget. */
export async function getPortalHackerOne({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { productId: string };
}): Promise<HackerOneData> {
  const row = await visibleConnection(ctx, input.productId, 'hackerone');
  const live = await liveProgramStatistics(ctx.clients, row);
  if (!live.ok) throw new AppError('unavailable', specialisedMessages.temporaryError('HackerOne'));
  return toHackerOneData(live.data, true);
}

export async function getPortalStatuspage({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { productId: string };
}): Promise<StatuspageData> {
  const row = await visibleConnection(ctx, input.productId, 'statuspage');
  const live = await liveStatusSummary(ctx.clients, row);
  if (!live.ok) throw new AppError('unavailable', specialisedMessages.temporaryError('Statuspage'));
  return toStatuspageData(live.data, row, true);
}
