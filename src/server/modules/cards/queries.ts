import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CardKind } from '../../../shared/card-kinds';
import { assignItemSlugs } from '../../../shared/item-links';
import type { Database } from '../../db/client';
import { assets, cards, files, items, organisations, products, staffUsers } from '../../db/schema';

export type CardRow = typeof cards.$inferSelect;
export type ItemRow = typeof items.$inferSelect & { modifiedByName: string | null };

export function listCardRows(db: Database, productId: string): Promise<CardRow[]> {
  return db.select().from(cards).where(eq(cards.productId, productId));
}

const itemColumns = {
  id: items.id,
  organisationId: items.organisationId,
  productId: items.productId,
  cardKind: items.cardKind,
  catalogueKey: items.catalogueKey,
  title: items.title,
  enabledState: items.enabledState,
  explanation: items.explanation,
  href: items.href,
  listEntries: items.listEntries,
  itemType: items.itemType,
  maturity: items.maturity,
  recurrence: items.recurrence,
  auditor: items.auditor,
  expiresOn: items.expiresOn,
  isPublic: items.isPublic,
  isHidden: items.isHidden,
  customUrlSlug: items.customUrlSlug,
  position: items.position,
  featuredPosition: items.featuredPosition,
  createdAt: items.createdAt,
  modifiedAt: items.modifiedAt,
  modifiedByStaffUserId: items.modifiedByStaffUserId,
  modifiedByName: staffUsers.name,
};

/**
 * Every item of the product (or of one card) with the name of whoever changed it last, in one query.
 * `isEnabledOnly` leaves out NotEnabled items in SQL for viewers who never see them.
 */
export function listItemRows(
  db: Database,
  productId: string,
  options: { cardKind?: CardKind; isEnabledOnly?: boolean } = {},
): Promise<ItemRow[]> {
  const conditions = [eq(items.productId, productId)];
  if (options.cardKind) conditions.push(eq(items.cardKind, options.cardKind));
  if (options.isEnabledOnly) conditions.push(ne(items.enabledState, 'NotEnabled'));
  return db
    .select(itemColumns)
    .from(items)
    .leftJoin(staffUsers, eq(staffUsers.id, items.modifiedByStaffUserId))
    .where(and(...conditions))
    .orderBy(asc(items.createdAt));
}

/** Every item's permalink slug in the product, whatever the viewer may see (slugs are unique per product). */
export async function loadItemSlugs(db: Database, productId: string): Promise<Map<string, string>> {
  const sources = await db
    .select({
      id: items.id,
      title: items.title,
      customUrlSlug: items.customUrlSlug,
      createdAt: items.createdAt,
      catalogueKey: items.catalogueKey,
      cardKind: items.cardKind,
    })
    .from(items)
    .where(eq(items.productId, productId));
  return assignItemSlugs(sources);
}

export async function findItemRow(db: Database, productId: string, itemId: string): Promise<ItemRow | null> {
  const [row] = await db
    .select(itemColumns)
    .from(items)
    .leftJoin(staffUsers, eq(staffUsers.id, items.modifiedByStaffUserId))
    .where(and(eq(items.productId, productId), eq(items.id, itemId)))
    .limit(1);
  return row ?? null;
}

/** The product only when it belongs to the organisation; locked when a write follows. */
export async function findProductOfOrganisation(
  db: Database,
  organisationId: string,
  productId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organisationId, organisationId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateProductSectionOrder(db: Database, productId: string, sections: string[]) {
  await db
    .update(products)
    .set({ sectionOrder: sections as (typeof products.$inferInsert)['sectionOrder'], updatedAt: new Date() })
    .where(eq(products.id, productId));
}

/** The card row of a kind, created when missing (products made before the card existed). */
export async function findOrCreateCardRow(
  db: Database,
  product: { id: string; organisationId: string },
  kind: CardKind,
): Promise<CardRow> {
  await db
    .insert(cards)
    .values({ organisationId: product.organisationId, productId: product.id, kind })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.productId, product.id), eq(cards.kind, kind)))
    .limit(1)
    .for('update');
  return row!;
}

export async function updateCardRow(
  db: Database,
  cardId: string,
  values: Partial<typeof cards.$inferInsert>,
) {
  await db
    .update(cards)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cards.id, cardId));
}

export async function setCardPositions(
  db: Database,
  product: { id: string; organisationId: string },
  kinds: CardKind[],
): Promise<void> {
  await db
    .insert(cards)
    .values(
      kinds.map((kind, position) => ({
        organisationId: product.organisationId,
        productId: product.id,
        kind,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: [cards.productId, cards.kind],
      set: { position: sql`excluded.position`, updatedAt: new Date() },
    });
}

export async function setItemPositions(db: Database, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  const cases = sql.join(
    itemIds.map((id, position) => sql`when ${id}::uuid then ${position}::int`),
    sql` `,
  );
  await db
    .update(items)
    .set({ position: sql`case ${items.id} ${cases} end` })
    .where(inArray(items.id, itemIds));
}

export async function updateItemRow(
  db: Database,
  itemId: string,
  values: Partial<typeof items.$inferInsert>,
) {
  await db.update(items).set(values).where(eq(items.id, itemId));
}

export async function insertItemRow(db: Database, values: typeof items.$inferInsert) {
  const [row] = await db.insert(items).values(values).returning();
  return row!;
}

export async function deleteItemRow(db: Database, itemId: string): Promise<void> {
  await db.delete(items).where(eq(items.id, itemId));
}

/** The item (of any product of the organisation) that already uses a custom URL slug. */
export async function findItemBySlug(db: Database, organisationId: string, slug: string) {
  const [row] = await db
    .select({ id: items.id, title: items.title })
    .from(items)
    .where(and(eq(items.organisationId, organisationId), eq(items.customUrlSlug, slug)))
    .limit(1);
  return row ?? null;
}

export async function insertAsset(db: Database, values: typeof assets.$inferInsert) {
  const [row] = await db.insert(assets).values(values).returning({ id: assets.id });
  return row!;
}

export async function deleteAsset(db: Database, organisationId: string, assetId: string): Promise<void> {
  await db.delete(assets).where(and(eq(assets.id, assetId), eq(assets.organisationId, organisationId)));
}

export async function findOrganisationRevision(db: Database, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ revision: organisations.revision })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row?.revision ?? 1;
}

export async function listFilesOfOrganisation(db: Database, organisationId: string, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  return db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.organisationId, organisationId), inArray(files.id, fileIds)));
}
