import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { orderSections } from '../../../shared/ordering';
import { PortalView, type ProductSummary, withScheme } from '../../../shared/portal';
import type { Context } from '../../context';
import { canEditPortal, canSeeProduct, canSeeProductLink } from '../../policy';
import { findMemberSummary } from '../access/member-summary';
import { listCardViews } from '../cards/list-card-views';
import { buildDocumentsView } from '../documents/build-documents-view';
import { buildSpecialisedView } from '../specialised-cards/build-specialised-view';
import { findPreviewNames } from './preview-targets';
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
    const shared = await ctx.providers.cache.publicValue(id, revision, key, () =>
      buildPortalView(ctx, input),
    );
    // A member without access sees the public page plus their own summary, added to a copy, never cached.
    if (!ctx.viewer.member) return shared;
    return { ...shared, viewer: { ...shared.viewer, member: await findMemberSummary(ctx.db, ctx.viewer) } };
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
  if (ctx.viewer.mode === 'public' && !ctx.viewer.member) {
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
  const [cards, documents] = await Promise.all([
    listCardViews({ ctx, input: { productId: requested.productId } }),
    buildDocumentsView(ctx, requested.productId),
  ]);
  const specialised = await buildSpecialisedView(
    ctx.db,
    requested.productId,
    cards,
    organisation.planFeatures,
  );

  const { staff, member } = viewer;
  const preview = viewer.preview
    ? { ...viewer.preview, ...(await findPreviewNames(ctx.db, viewer.organisation.id, viewer.preview)) }
    : null;
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
      // Public-mode models are shared by every visitor: a member summary is added per request above.
      member: member && viewer.mode === 'account_external' ? await findMemberSummary(ctx.db, viewer) : null,
      preview,
    },
    sections: orderSections(productRow.sectionOrder),
    cards,
    documents,
    specialised,
    planFeatures: organisation.planFeatures,
    publicUrl: portalUrl(ctx.config.publicUrl, organisation),
    platform: {
      homeUrl: '/about',
      termsOfServiceUrl: ctx.config.platformTermsUrl ?? null,
      privacyNoticeUrl: ctx.config.platformPrivacyUrl ?? null,
    },
  });
}
