import { AppError } from '../../../shared/errors';
import { emptyDocumentsView } from '../../../shared/documents';
import { messages } from '../../../shared/messages';
import { orderSections } from '../../../shared/ordering';
import { PortalView, type ProductSummary, withScheme } from '../../../shared/portal';
import type { Context } from '../../context';
import { canEditPortal, canSeeProduct, canSeeProductLink } from '../../policy';
import { listCardViews } from '../cards/list-card-views';
import { listProductLinks, listProducts } from './queries';

export function assetUrl(organisationId: string, assetId: string | null, revision: number): string | null {
  return assetId ? `/api/share/${organisationId}/assets/${assetId}?v=${revision}` : null;
}

export function portalUrl(
  publicUrl: string,
  organisation: { slug: string; customDomain: string | null },
): string {
  return organisation.customDomain
    ? `https://${organisation.customDomain}`
    : `${publicUrl}/${organisation.slug}`;
}

type PortalViewInput = { productId?: string; productSlug?: string };

/** The viewer's page model; a productId picks the product, otherwise the default (or first) one. */
export async function getPortalView({
  ctx,
  input,
}: {
  ctx: Context;
  input: PortalViewInput;
}): Promise<PortalView> {
  // Every Public-mode viewer gets the same model, so it is built once per organisation change.
  if (ctx.viewer.mode === 'public') {
    const key = `view:${input.productId ?? ''}:${input.productSlug ?? ''}`;
    const { id, revision } = ctx.viewer.organisation;
    return ctx.providers.cache.publicValue(id, revision, key, () => buildPortalView(ctx, input));
  }
  return buildPortalView(ctx, input);
}

/**
 * The page model as the JSON the API sends. Public viewers share one serialised copy per organisation
 * revision, so the hot path is a cache hit and a write of a ready string.
 */
export async function getPortalViewJson({
  ctx,
  input,
}: {
  ctx: Context;
  input: PortalViewInput;
}): Promise<string> {
  if (ctx.viewer.mode === 'public') {
    const key = `json:${input.productId ?? ''}:${input.productSlug ?? ''}`;
    const { id, revision } = ctx.viewer.organisation;
    return ctx.providers.cache.publicValue(id, revision, key, async () =>
      JSON.stringify(await getPortalView({ ctx, input })),
    );
  }
  return JSON.stringify(await getPortalView({ ctx, input }));
}

async function buildPortalView(ctx: Context, input: PortalViewInput): Promise<PortalView> {
  const { viewer } = ctx;
  const organisation = viewer.organisation;
  const [productRows, linkRows] = await Promise.all([
    listProducts(ctx.db, organisation.id),
    listProductLinks(ctx.db, organisation.id),
  ]);
  const visibleProducts: ProductSummary[] = productRows
    .filter((product) => canSeeProduct(viewer, product))
    .map((product) => ({
      productId: product.id,
      productName: product.name,
      productSlug: product.slug,
      isDefault: product.isDefault,
      bannerUrl: assetUrl(organisation.id, product.bannerAssetId, product.revision),
      revision: product.revision,
    }));
  const requested = input.productId
    ? visibleProducts.find((product) => product.productId === input.productId)
    : input.productSlug
      ? visibleProducts.find((product) => product.productSlug === input.productSlug)
      : (visibleProducts.find((product) => product.isDefault) ?? visibleProducts[0]);
  if (!requested) throw new AppError('product_not_found', messages.productNotFound);
  const productRow = productRows.find((product) => product.id === requested.productId)!;
  const cards = await listCardViews({ ctx, input: { productId: requested.productId } });

  const { staff, member, preview } = viewer;
  return PortalView.parse({
    organisation: {
      id: organisation.id,
      slug: organisation.slug,
      name: organisation.name,
      websiteUrl: withScheme(organisation.websiteUrl),
      logoUrl: assetUrl(organisation.id, organisation.logoAssetId, organisation.revision),
      faviconUrl: assetUrl(
        organisation.id,
        organisation.faviconAssetId ?? organisation.logoAssetId,
        organisation.revision,
      ),
      bannerUrl:
        requested.bannerUrl ?? assetUrl(organisation.id, organisation.bannerAssetId, organisation.revision),
      updatedAt: organisation.updatedAt.toISOString(),
    },
    customisation: organisation.customisation,
    product: requested,
    products: visibleProducts,
    productLinks: linkRows
      .filter((link) => canSeeProductLink(viewer, link))
      .map((link) => ({ name: link.name, link: withScheme(link.link) ?? link.link })),
    viewer: {
      mode: viewer.mode,
      staff: staff ? { name: staff.name, email: staff.email, canEdit: canEditPortal(viewer) } : null,
      member:
        member && viewer.mode === 'account_external'
          ? {
              email: member.email,
              accountName: member.account.name,
              reviewStatus: member.account.reviewStatus,
            }
          : null,
      preview,
    },
    sections: orderSections(productRow.sectionOrder),
    cards,
    documents: emptyDocumentsView,
    planFeatures: organisation.planFeatures,
    publicUrl: portalUrl(ctx.config.publicUrl, organisation),
    platform: {
      homeUrl: '/about',
      termsOfServiceUrl: ctx.config.platformTermsUrl ?? null,
      privacyNoticeUrl: ctx.config.platformPrivacyUrl ?? null,
    },
  });
}
