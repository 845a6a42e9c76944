import { and, asc, eq, sql } from 'drizzle-orm';
import { PlanFeatures } from '../../shared/cards';
import { PortalCustomisation } from '../../shared/portal';
import type { Database } from '../db/client';
import { organisations, productLinks, products } from '../db/schema';
import type { ViewerOrganisation } from '../policy/viewer';

type OrganisationRow = typeof organisations.$inferSelect;

export function toViewerOrganisation(row: OrganisationRow): ViewerOrganisation {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    websiteUrl: row.websiteUrl,
    customDomain: row.customDomain,
    customisation: PortalCustomisation.parse(row.customisation),
    planFeatures: PlanFeatures.parse(row.planFeatures),
    logoAssetId: row.logoAssetId,
    faviconAssetId: row.faviconAssetId,
    bannerAssetId: row.bannerAssetId,
    revision: row.revision,
    accessRevision: row.accessRevision,
    updatedAt: row.updatedAt,
  };
}

export async function findOrganisationBySlug(db: Database, slug: string): Promise<ViewerOrganisation | null> {
  const [row] = await db.select().from(organisations).where(eq(organisations.slug, slug)).limit(1);
  return row ? toViewerOrganisation(row) : null;
}

function prepareRevisionBySlug(db: Database) {
  return db
    .select({
      id: organisations.id,
      revision: organisations.revision,
      accessRevision: organisations.accessRevision,
    })
    .from(organisations)
    .where(eq(organisations.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('organisation_revision_by_slug');
}
// Asked on every cached portal read on PostgreSQL: a named statement is parsed and planned once per connection.
const revisionBySlugStatements = new WeakMap<Database, ReturnType<typeof prepareRevisionBySlug>>();

export async function findOrganisationRevisionBySlug(db: Database, slug: string) {
  let statement = revisionBySlugStatements.get(db);
  if (!statement) {
    statement = prepareRevisionBySlug(db);
    revisionBySlugStatements.set(db, statement);
  }
  const [row] = await statement.execute({ slug });
  return row ?? null;
}

export async function findOrganisationById(db: Database, id: string): Promise<ViewerOrganisation | null> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row ? toViewerOrganisation(row) : null;
}

export async function findOrganisationByDomain(
  db: Database,
  host: string,
): Promise<ViewerOrganisation | null> {
  const [row] = await db
    .select()
    .from(organisations)
    .where(eq(sql`lower(${organisations.customDomain})`, host.toLowerCase()))
    .limit(1);
  return row ? toViewerOrganisation(row) : null;
}

export async function listOrganisationSlugs(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ slug: organisations.slug })
    .from(organisations)
    .orderBy(asc(organisations.createdAt))
    .limit(limit);
  return rows.map((row) => row.slug);
}

export function listProducts(db: Database, organisationId: string) {
  return db
    .select()
    .from(products)
    .where(eq(products.organisationId, organisationId))
    .orderBy(asc(products.position), asc(products.name));
}

export function listProductLinks(db: Database, organisationId: string) {
  return db
    .select()
    .from(productLinks)
    .where(eq(productLinks.organisationId, organisationId))
    .orderBy(asc(productLinks.position), asc(productLinks.name));
}

export async function bumpOrganisationRevision(db: Database, organisationId: string): Promise<void> {
  await db
    .update(organisations)
    .set({ revision: sql`${organisations.revision} + 1`, updatedAt: new Date() })
    .where(and(eq(organisations.id, organisationId)));
}

export async function findOrganisationRowById(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findOrganisationRowBySlug(db: Database, slug: string) {
  const [row] = await db.select().from(organisations).where(eq(organisations.slug, slug)).limit(1);
  return row ?? null;
}

export async function updateOrganisationRow(
  db: Database,
  id: string,
  values: Partial<typeof organisations.$inferInsert>,
): Promise<void> {
  await db.update(organisations).set(values).where(eq(organisations.id, id));
}
