import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { orderSections } from '../../../shared/ordering';
import { PortalView, type ProductSummary, withScheme } from '../../../shared/portal';
import type { Context } from '../../context';
import { assetUrl, findPreviewNames, listProductLinks, listProducts, portalUrl } from '../../core';
import { canEditPortal, canSeeProduct, canSeeProductLink } from '../../policy';
import { type AccessShape, loadAccessShape, viewerOfShape } from '../../policy/access-shape';
import { memberSummaryOf } from '../access';
import { listCardViews } from '../cards';
import { buildDocumentsView } from '../documents';
import { buildSpecialisedView } from '../specialised-cards';
import { type PreparedBody, prepareBody, prepareSplicedBody, type SplicedBody } from './prepared-body';

type PortalViewInput = { productId?: string; productSlug?: string };

/** Cache key part for the requested product, as the caller named it. */
const productKey = (input: PortalViewInput) => `${input.productId ?? ''}:${input.productSlug ?? ''}`;

/**
 * The viewer's page model; a productId picks the product, otherwise the default (or first) one.
 * Viewers with the same access shape (policy/access-shape.ts) share one model per organisation
 * revision; the signed-in member's own summary is added to a copy, never cached.
 */
export async function getPortalView({
  ctx,
  input,
}: {
  ctx: Context;
  input: PortalViewInput;
}): Promise<PortalView> {
  return (await getShapedPortalView({ ctx, input })).view;
}

/** The view and the key of the access shape it was shared by; null when it was built for this viewer alone. */
export async function getShapedPortalView({
  ctx,
  input,
}: {
  ctx: Context;
  input: PortalViewInput;
}): Promise<{ view: PortalView; shapeKey: string | null }> {
  const shape = await loadAccessShape(ctx.db, ctx.viewer);
  if (!shape) return { view: await buildPortalView(ctx, input), shapeKey: null };
  const shared = await sharedPortalView(ctx, shape, input);
  if (!ctx.viewer.member) return { view: shared, shapeKey: shape.key };
  const view = { ...shared, viewer: { ...shared.viewer, member: memberSummaryOf(ctx.viewer) } };
  return { view, shapeKey: shape.key };
}

function sharedPortalView(ctx: Context, shape: AccessShape, input: PortalViewInput): Promise<PortalView> {
  const { id, revision } = ctx.viewer.organisation;
  return ctx.providers.cache.publicValue(id, revision, `view:${shape.key}:${productKey(input)}`, () =>
    buildPortalView({ ...ctx, viewer: viewerOfShape(ctx.viewer, shape) }, input),
  );
}

/** How the view goes out: ready bytes for everyone of a shape, those bytes around one member's summary, or built for one staff view. */
export type PortalViewAnswer =
  | { kind: 'shared'; body: PreparedBody }
  | { kind: 'personal'; body: SplicedBody; parts: string[] }
  | { kind: 'single'; json: string };

/** Stands for the member summary in a shared serialised view; random, so no content can contain it. */
const memberPlaceholder = JSON.stringify(`attest-member-${randomUUID()}`);
const json = 'application/json; charset=utf-8';

/**
 * The page model as the bytes the API sends. Viewers of one access shape share one serialised and
 * compressed copy per organisation revision, so the hot path is a cache hit and a write of ready bytes.
 */
export async function getPortalViewAnswer({
  ctx,
  input,
}: {
  ctx: Context;
  input: PortalViewInput;
}): Promise<PortalViewAnswer> {
  const shape = await loadAccessShape(ctx.db, ctx.viewer);
  if (!shape) return { kind: 'single', json: JSON.stringify(await buildPortalView(ctx, input)) };
  const { id, revision } = ctx.viewer.organisation;
  const key = `view-body:${shape.key}:${productKey(input)}`;
  if (!ctx.viewer.member) {
    const body = await ctx.providers.cache.body(id, revision, key, async () =>
      prepareBody(json, JSON.stringify(await sharedPortalView(ctx, shape, input))),
    );
    return { kind: 'shared', body };
  }
  const body = await ctx.providers.cache.body(id, revision, `${key}:personal`, async () => {
    const view = await sharedPortalView(ctx, shape, input);
    const withPlaceholder = { ...view, viewer: { ...view.viewer, member: JSON.parse(memberPlaceholder) } };
    return prepareSplicedBody(json, JSON.stringify(withPlaceholder), [memberPlaceholder]);
  });
  return { kind: 'personal', body, parts: [JSON.stringify(memberSummaryOf(ctx.viewer))] };
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

  const { staff } = viewer;
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
      // Shared by every viewer of the access shape: a member's own summary is added per request above.
      member: null,
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
