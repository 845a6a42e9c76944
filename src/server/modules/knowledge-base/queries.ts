import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { KbHit, KbSort, KbSourceType, KbTimeFilter } from '../../../shared/knowledge-base';
import type { Database } from '../../db/client';
import { knowledgeBaseEntries, knowledgeBaseGaps, products } from '../../db/schema';
import { arrayParam, rowsOf } from '../search';

export type KbEntryRow = typeof knowledgeBaseEntries.$inferSelect;

const toSeconds = (value: Date | string) => Math.floor(new Date(value).getTime() / 1000);

export function toKbHit(
  row: Omit<KbEntryRow, 'searchVector' | 'organisationId' | 'modifiedByStaffUserId'>,
): KbHit {
  return {
    objectID: row.id,
    content: row.question,
    answer: row.answer,
    comment: row.comment,
    source_type: row.sourceType,
    source_subtype: row.sourceSubtype,
    source_name: row.sourceName,
    favorite_public: row.isFavoritePublic,
    access_level: row.accessLevel,
    product_ids: row.productIds,
    date_timestamp: toSeconds(row.createdAt),
    customer_modified_timestamp: toSeconds(row.modifiedAt),
  };
}

const timeWindows: Record<Exclude<KbTimeFilter, 'all'>, string> = {
  last1d: '1 day',
  last7d: '7 days',
  last1m: '1 month',
  last1y: '1 year',
};

export type KbSearch = {
  organisationId: string;
  accessLevels: string[];
  /** Entries of any of these products, or of every product; null: no product condition. */
  productIds: string[] | null;
  sourceTypes: KbSourceType[] | null;
  isFavoritePublic: boolean | null;
  time: KbTimeFilter;
  query: SQL | null;
  sort: KbSort;
  limit: number;
  offset: number;
};

type KbRow = {
  id: string;
  question: string;
  answer: string;
  comment: string;
  source_type: KbEntryRow['sourceType'];
  source_subtype: string | null;
  source_name: string | null;
  is_favorite_public: boolean;
  access_level: KbEntryRow['accessLevel'];
  product_ids: string[] | string;
  created_at: Date | string;
  modified_at: Date | string;
  total: number;
};

/** PGlite and node-postgres both parse uuid[]; a text form '{a,b}' is read too, to be safe. */
function parseUuidArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

/** One page of entries within the key's scope and the query's filters, with the total. */
export async function searchKbEntries(
  db: Database,
  search: KbSearch,
): Promise<{ hits: KbHit[]; total: number }> {
  const conditions: SQL[] = [
    sql`k.organisation_id = ${search.organisationId}`,
    sql`k.access_level = any(${arrayParam(search.accessLevels)}::text[])`,
  ];
  if (search.productIds) {
    conditions.push(
      sql`(cardinality(k.product_ids) = 0 or k.product_ids && ${arrayParam(search.productIds)}::uuid[])`,
    );
  }
  if (search.sourceTypes)
    conditions.push(sql`k.source_type = any(${arrayParam(search.sourceTypes)}::text[])`);
  if (search.isFavoritePublic !== null)
    conditions.push(sql`k.is_favorite_public = ${search.isFavoritePublic}`);
  if (search.time !== 'all') {
    conditions.push(sql`k.created_at >= now() - ${timeWindows[search.time]}::interval`);
  }
  if (search.query) conditions.push(sql`k.search_vector @@ q.query`);
  const order =
    search.sort === 'date_added_desc'
      ? sql`k.created_at desc, k.id`
      : search.sort === 'last_modified_desc'
        ? sql`k.modified_at desc, k.id`
        : search.query
          ? sql`ts_rank(k.search_vector, q.query) desc, k.modified_at desc, k.id`
          : sql`k.is_favorite_public desc, k.created_at desc, k.id`;
  const where = sql.join(conditions, sql` and `);
  const queryCte = sql`with q as (select ${search.query ?? sql`''::tsquery`} as query)`;
  const result = await db.execute(sql`
    ${queryCte}
    select k.id, k.question, k.answer, k.comment, k.source_type, k.source_subtype, k.source_name,
      k.is_favorite_public, k.access_level, k.product_ids, k.created_at, k.modified_at,
      count(*) over ()::int as total
    from knowledge_base_entries k cross join q
    where ${where}
    order by ${order} limit ${search.limit} offset ${search.offset}`);
  const rows = rowsOf<KbRow>(result);
  // A page past the last result has no row to carry the total: count on its own.
  const total =
    rows[0]?.total ??
    (search.offset === 0
      ? 0
      : rowsOf<{ total: number }>(
          await db.execute(
            sql`${queryCte} select count(*)::int as total from knowledge_base_entries k cross join q where ${where}`,
          ),
        )[0]!.total);
  return {
    total,
    hits: rows.map((row) =>
      toKbHit({
        id: row.id,
        question: row.question,
        answer: row.answer,
        comment: row.comment,
        sourceType: row.source_type,
        sourceSubtype: row.source_subtype,
        sourceName: row.source_name,
        isFavoritePublic: row.is_favorite_public,
        accessLevel: row.access_level,
        productIds: parseUuidArray(row.product_ids),
        createdAt: new Date(row.created_at),
        modifiedAt: new Date(row.modified_at),
      }),
    ),
  };
}

export async function findKbEntry(
  db: Database,
  organisationId: string,
  id: string,
): Promise<KbEntryRow | null> {
  const [row] = await db
    .select()
    .from(knowledgeBaseEntries)
    .where(and(eq(knowledgeBaseEntries.id, id), eq(knowledgeBaseEntries.organisationId, organisationId)))
    .limit(1);
  return row ?? null;
}

export function listKbEntries(db: Database, organisationId: string) {
  return db
    .select()
    .from(knowledgeBaseEntries)
    .where(eq(knowledgeBaseEntries.organisationId, organisationId))
    .orderBy(knowledgeBaseEntries.createdAt, knowledgeBaseEntries.id);
}

export function listOrganisationProducts(db: Database, organisationId: string) {
  return db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(eq(products.organisationId, organisationId));
}

export async function countProductsOfOrganisation(
  db: Database,
  organisationId: string,
  productIds: string[],
) {
  if (productIds.length === 0) return 0;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.organisationId, organisationId), inArray(products.id, productIds)));
  return rows.length;
}

export function listKbGaps(db: Database, organisationId: string, limit: number) {
  return db
    .select()
    .from(knowledgeBaseGaps)
    .where(eq(knowledgeBaseGaps.organisationId, organisationId))
    .orderBy(desc(knowledgeBaseGaps.askCount), desc(knowledgeBaseGaps.lastAskedAt))
    .limit(limit);
}
