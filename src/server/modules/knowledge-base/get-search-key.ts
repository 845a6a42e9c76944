import { AppError } from '../../../shared/errors';
import { type KbSearchKey, kbLimits, kbMessages } from '../../../shared/knowledge-base';
import { searchMessages } from '../../../shared/search';
import type { Context } from '../../context';
import { loadItemGrants } from '../../policy/item-grants';
import { findVisibleProduct, kbAccessLevelsFor } from '../search';
import { signSearchKey } from './search-keys';

/**
 * A short-lived key for the knowledge-base search (spec 3 §7) carrying what the gate lets this viewer
 * see: its access levels and the product. Staff in Main mode get every level, for one or all products.
 * Every refusal is a 400 with a message the panel shows (spec 3 §8).
 */
export async function getSearchKey({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { productId?: string };
}): Promise<KbSearchKey> {
  const { viewer, db } = ctx;
  const productId = input.productId ?? null;
  if (productId === null && viewer.mode !== 'main')
    throw new AppError('bad_request', searchMessages.noProductId);
  if (productId !== null && !(await findVisibleProduct(db, viewer, productId))) {
    throw new AppError('bad_request', kbMessages.productNotFound);
  }
  const grants = productId ? await loadItemGrants(db, viewer, productId) : null;
  const accessLevels = grants
    ? kbAccessLevelsFor(viewer, grants)
    : (['public', 'restricted', 'internal'] as const);
  const scope = {
    organisationId: viewer.organisation.id,
    accessLevels: [...accessLevels],
    productIds: productId ? [productId] : null,
    seesSourceNames: viewer.mode === 'main',
  };
  const { key, expiresAt } = await signSearchKey(db, scope);
  return {
    key,
    expiresAt: expiresAt.toISOString(),
    lifetimeSeconds: kbLimits.searchKeyLifetimeSeconds,
    accessLevels: scope.accessLevels,
    productIds: scope.productIds,
  };
}
