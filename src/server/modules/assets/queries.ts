import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets, products } from '../../db/schema';

/** An asset only when it belongs to the organisation asked about: ids of other organisations are 404. */
export async function findOrganisationAsset(db: Database, organisationId: string, assetId: string) {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.id, assetId), eq(assets.organisationId, organisationId)))
    .limit(1);
  return row ?? null;
}

/** Revisions of the products that use the asset as their banner (their URLs carry those revisions). */
export async function listBannerRevisions(db: Database, organisationId: string, assetId: string) {
  const rows = await db
    .select({ revision: products.revision })
    .from(products)
    .where(and(eq(products.organisationId, organisationId), eq(products.bannerAssetId, assetId)));
  return rows.map((row) => row.revision);
}
