import type { ProductCatalogue } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { listProductLinks, listProducts } from '../../core';
import { canUseConsole } from '../../policy';
import { toProductLinkView, toProductView } from './queries';

/** GET /api/products: every product and product link, hidden ones included, in their order. */
export async function listProductCatalogue({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<ProductCatalogue> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const organisationId = ctx.viewer.organisation.id;
  const products = await listProducts(ctx.db, organisationId);
  const links = await listProductLinks(ctx.db, organisationId);
  return { products: products.map(toProductView), links: links.map(toProductLinkView) };
}
