import { and, eq, sql } from 'drizzle-orm';
import type { ProductLinkView, ProductView } from '../../../shared/console-admin';
import { assetUrl } from '../../core';
import type { Database } from '../../db/client';
import { productLinks, products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type ProductLinkRow = typeof productLinks.$inferSelect;

export function toProductView(row: ProductRow): ProductView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    isShown: row.isShown,
    isDefault: row.isDefault,
    position: row.position,
    bannerUrl: assetUrl(row.organisationId, row.bannerAssetId, row.revision),
  };
}

export function toProductLinkView(row: ProductLinkRow): ProductLinkView {
  return { id: row.id, name: row.name, link: row.link, isShown: row.isShown, position: row.position };
}

export async function findProductBySlug(db: Database, organisationId: string, slug: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organisationId, organisationId), eq(products.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function nextProductPosition(db: Database, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(max(${products.position}), -1) + 1`.mapWith(Number) })
    .from(products)
    .where(eq(products.organisationId, organisationId));
  return row?.value ?? 0;
}

export async function nextLinkPosition(db: Database, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(max(${productLinks.position}), -1) + 1`.mapWith(Number) })
    .from(productLinks)
    .where(eq(productLinks.organisationId, organisationId));
  return row?.value ?? 0;
}

export async function insertProduct(db: Database, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateProductRow(
  db: Database,
  id: string,
  values: Partial<typeof products.$inferInsert>,
) {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row!;
}

export async function clearDefaultProduct(db: Database, organisationId: string): Promise<void> {
  await db.update(products).set({ isDefault: false }).where(eq(products.organisationId, organisationId));
}

export async function lockProductsOfOrganisation(db: Database, organisationId: string) {
  return db.select().from(products).where(eq(products.organisationId, organisationId)).for('update');
}

export async function lockLinksOfOrganisation(db: Database, organisationId: string) {
  return db.select().from(productLinks).where(eq(productLinks.organisationId, organisationId)).for('update');
}

export async function setProductPosition(db: Database, id: string, position: number): Promise<void> {
  await db.update(products).set({ position }).where(eq(products.id, id));
}

export async function setLinkPosition(db: Database, id: string, position: number): Promise<void> {
  await db.update(productLinks).set({ position }).where(eq(productLinks.id, id));
}

export async function findLinkOfOrganisation(db: Database, organisationId: string, id: string) {
  const [row] = await db
    .select()
    .from(productLinks)
    .where(and(eq(productLinks.organisationId, organisationId), eq(productLinks.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function insertLink(db: Database, values: typeof productLinks.$inferInsert) {
  const [row] = await db.insert(productLinks).values(values).returning();
  return row!;
}

export async function updateLinkRow(
  db: Database,
  id: string,
  values: Partial<typeof productLinks.$inferInsert>,
) {
  const [row] = await db.update(productLinks).set(values).where(eq(productLinks.id, id)).returning();
  return row!;
}

export async function deleteLinkRow(db: Database, id: string): Promise<void> {
  await db.delete(productLinks).where(eq(productLinks.id, id));
}
