import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CardKind } from '../../../shared/card-kinds';
import { KbAccessLevel } from '../../../shared/knowledge-base';
import type { Database } from '../../db/client';
import { cards, files, itemFiles, items, products, topics, topicUpdates } from '../../db/schema';
import {
  canGetFile,
  canReadItemContent,
  canSeeItem,
  canSeeKbEntry,
  canSeeProduct,
  canSeeUpdate,
  type ItemGrants,
} from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { arrayParam, rowsOf } from './sql-helpers';

export async function findVisibleProduct(db: Database, viewer: Viewer, productId: string) {
  const [product] = await db
    .select({ id: products.id, isShown: products.isShown })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.organisationId, viewer.organisation.id)))
    .limit(1);
  return product && canSeeProduct(viewer, product) ? product : null;
}

/**
 * What the viewer may find, decided by the access gate before any matching: items whose title it
 * may see, the subset whose content it may read, files, updates and knowledge-base access levels.
 */
export type SearchScope = {
  organisationId: string;
  productId: string;
  titleOnlyItemIds: string[];
  readableItemIds: string[];
  /** Files the viewer may view, each with one item it reaches the file through. */
  files: { fileId: string; itemId: string }[];
  updateIds: string[];
  kbAccessLevels: KbAccessLevel[];
};

export async function loadSearchScope(
  db: Database,
  viewer: Viewer,
  productId: string,
  grants: ItemGrants,
): Promise<SearchScope> {
  const [itemRows, fileRows, updateRows] = await Promise.all([
    db
      .select({
        id: items.id,
        title: items.title,
        enabledState: items.enabledState,
        isPublic: items.isPublic,
        isHidden: items.isHidden,
        isCardHidden: sql<boolean>`coalesce(${cards.isHidden}, false)`,
      })
      .from(items)
      .leftJoin(cards, and(eq(cards.productId, items.productId), eq(cards.kind, items.cardKind)))
      .where(eq(items.productId, productId)),
    db
      .select({ itemId: itemFiles.itemId, fileId: files.id, accessType: files.accessType })
      .from(itemFiles)
      .innerJoin(files, eq(files.id, itemFiles.fileId))
      .innerJoin(items, eq(items.id, itemFiles.itemId))
      .where(eq(items.productId, productId)),
    db
      .select({
        id: topicUpdates.id,
        audience: topicUpdates.audience,
        onStatusPage: topicUpdates.onStatusPage,
        isTopicHidden: topics.isHidden,
      })
      .from(topicUpdates)
      .innerJoin(topics, eq(topics.id, topicUpdates.topicId))
      .where(eq(topicUpdates.organisationId, viewer.organisation.id)),
  ]);
  const titleOnlyItemIds: string[] = [];
  const readableItemIds: string[] = [];
  const itemsById = new Map<string, { card: { isHidden: boolean }; item: (typeof itemRows)[number] }>();
  for (const row of itemRows) {
    const card = { isHidden: row.isCardHidden };
    itemsById.set(row.id, { card, item: row });
    if (!canSeeItem(viewer, card, row, grants)) continue;
    (canReadItemContent(viewer, row, grants) ? readableItemIds : titleOnlyItemIds).push(row.id);
  }
  const fileItems = new Map<string, string>();
  for (const row of fileRows) {
    const linked = itemsById.get(row.itemId);
    if (fileItems.has(row.fileId) || !linked) continue;
    if (canGetFile(viewer, linked, { accessType: row.accessType }, 'view', grants))
      fileItems.set(row.fileId, row.itemId);
  }
  const updateIds = updateRows
    .filter((row) =>
      canSeeUpdate(
        viewer,
        { isHidden: row.isTopicHidden },
        { audience: row.audience, onStatusPage: row.onStatusPage },
        grants,
      ),
    )
    .map((row) => row.id);
  return {
    organisationId: viewer.organisation.id,
    productId,
    titleOnlyItemIds,
    readableItemIds,
    files: [...fileItems].map(([fileId, itemId]) => ({ fileId, itemId })),
    updateIds,
    kbAccessLevels: kbAccessLevelsFor(viewer, grants),
  };
}

/** The knowledge-base access levels the gate lets this viewer see. */
export function kbAccessLevelsFor(viewer: Viewer, grants: ItemGrants): KbAccessLevel[] {
  return KbAccessLevel.options.filter((accessLevel) => canSeeKbEntry(viewer, { accessLevel }, grants));
}

/** What one search matched; one shape for every source so they rank and page together. */
export type MatchRow = {
  type: 'item' | 'file' | 'update' | 'kb';
  id: string;
  rank: number;
  title: string;
  /** Readable text the match may be shown from (null when only the title may be shown). */
  body: string | null;
  headline: string | null;
  card_kind: CardKind | null;
  card_title: string | null;
  custom_url_slug: string | null;
  item_id: string | null;
  file_name: string | null;
  mime_type: string | null;
  topic_id: string | null;
  category: string | null;
  created_at: string | Date | null;
  comment: string | null;
  is_locked: boolean;
};

export type MatchMode =
  /** Full-text: the tsquery must match the weighted document. */
  | { kind: 'fulltext'; query: SQL }
  /** Misspellings: the term's trigram word similarity to titles and questions. */
  | { kind: 'fuzzy'; term: string; threshold: number };

export type MatchOptions = {
  mode: MatchMode;
  limit: number;
  offset: number;
  /** Answers read readable sources only (no locked items, no files without text); search reads all. */
  purpose: 'search' | 'answer';
};

export type MatchPage = {
  rows: MatchRow[];
  total: number;
  counts: { type: MatchRow['type']; card_kind: CardKind | null; count: number }[];
  /** False when the query had no searchable word (only stop words or punctuation). */
  hasLexemes: boolean;
};

const itemVector = sql`case when i.is_readable then setweight(to_tsvector('english', i.title), 'A') || setweight(to_tsvector('english', i.explanation), 'B') || setweight(jsonb_to_tsvector('english', i.list_entries, '["string"]'), 'C') else setweight(to_tsvector('english', i.title), 'A') end`;
const fileVector = sql`setweight(to_tsvector('english', f.title), 'A') || setweight(to_tsvector('english', regexp_replace(f.original_name, '[^[:alnum:]]+', ' ', 'g')), 'B')`;
const updateVector = sql`setweight(to_tsvector('english', t.subject), 'A') || setweight(to_tsvector('english', u.message), 'B')`;

/**
 * One ranked page over items, files, updates and knowledge-base entries, restricted to the scope
 * the gate computed before anything is matched; totals and counts come from the same restricted set.
 */
export async function findMatches(
  db: Database,
  scope: SearchScope,
  options: MatchOptions,
): Promise<MatchPage> {
  const { mode, purpose } = options;
  const visibleItemIds =
    purpose === 'answer' ? scope.readableItemIds : [...scope.readableItemIds, ...scope.titleOnlyItemIds];
  const files = purpose === 'answer' ? [] : scope.files;
  const queryCte = mode.kind === 'fulltext' ? mode.query : sql`''::tsquery`;
  const fuzzyTerm = mode.kind === 'fuzzy' ? mode.term : '';
  const matchOf = (vector: SQL, title: SQL) =>
    mode.kind === 'fulltext'
      ? { where: sql`${vector} @@ q.query`, rank: sql`ts_rank(${vector}, q.query)` }
      : {
          where: sql`word_similarity(${fuzzyTerm}, ${title}) >= ${mode.threshold}`,
          rank: sql`word_similarity(${fuzzyTerm}, ${title})`,
        };
  const item = matchOf(sql`v.vector`, sql`i.title`);
  const file = matchOf(fileVector, sql`f.title`);
  const update = matchOf(updateVector, sql`t.subject`);
  const kb =
    mode.kind === 'fulltext'
      ? { where: sql`k.search_vector @@ q.query`, rank: sql`ts_rank(k.search_vector, q.query)` }
      : { where: sql`${fuzzyTerm} <% k.question`, rank: sql`word_similarity(${fuzzyTerm}, k.question)` };
  const bodyOut = sql`case when m.body is null or m.body = '' then null else ts_headline('english', m.body, q.query, 'StartSel=⟦, StopSel=⟧, MaxWords=30, MinWords=12, MaxFragments=1') end`;
  // Matching and ranking carry ids and ranks only; texts are read for the one page shown.
  const statement = sql`
    with q as (select ${queryCte} as query),
    item_scope as (
      select it.id, it.title, it.explanation, it.list_entries, it.card_kind,
        it.id = any(${arrayParam(scope.readableItemIds)}::uuid[]) as is_readable
      from items it where it.id = any(${arrayParam(visibleItemIds)}::uuid[])
    ),
    matches as (
      select 'item' as type, i.id, ${item.rank} as rank, i.card_kind, i.id as item_id, not i.is_readable as is_locked
      from item_scope i cross join q cross join lateral (select ${itemVector} as vector) v
      where ${item.where}
      union all
      select 'file', f.id, ${file.rank}, it.card_kind, it.id, false
      from unnest(${arrayParam(files.map((entry) => entry.fileId))}::uuid[], ${arrayParam(files.map((entry) => entry.itemId))}::uuid[]) as s(file_id, item_id)
      join files f on f.id = s.file_id join items it on it.id = s.item_id cross join q
      where ${file.where}
      union all
      select * from (
        select distinct on (u.topic_id) 'update' as type, u.id, ${update.rank} as rank, null as card_kind,
          null::uuid as item_id, false as is_locked
        from topic_updates u join topics t on t.id = u.topic_id cross join q
        where u.id = any(${arrayParam(scope.updateIds)}::uuid[]) and ${update.where}
        order by u.topic_id, 3 desc, u.created_at desc
      ) best_update_per_topic
      union all
      select 'kb', k.id, ${kb.rank}, null, null, false
      from knowledge_base_entries k cross join q
      where k.organisation_id = ${scope.organisationId}
        and k.access_level = any(${arrayParam(scope.kbAccessLevels)}::text[])
        and (cardinality(k.product_ids) = 0 or k.product_ids @> array[${scope.productId}]::uuid[])
        and ${kb.where}
    ),
    page as (select * from matches order by rank desc, id limit ${options.limit} offset ${options.offset}),
    detailed as (
      select page.type, page.id, page.rank, page.card_kind, page.item_id, page.is_locked,
        coalesce(i.title, f.title, t.subject, k.question) as title,
        case page.type when 'item' then (case when page.is_locked then null else i.explanation end)
          when 'update' then u.message when 'kb' then k.answer end as body,
        c.title as card_title, i.custom_url_slug, f.original_name as file_name, f.content_type as mime_type,
        u.topic_id, t.category, coalesce(i.created_at, f.created_at, u.created_at, k.created_at) as created_at,
        k.comment
      from page
      left join items i on page.type = 'item' and i.id = page.id
      left join cards c on c.product_id = i.product_id and c.kind = i.card_kind
      left join files f on page.type = 'file' and f.id = page.id
      left join topic_updates u on page.type = 'update' and u.id = page.id
      left join topics t on t.id = u.topic_id
      left join knowledge_base_entries k on page.type = 'kb' and k.id = page.id
    )
    select m.type, m.id, m.rank, m.title, m.body, ${bodyOut} as headline, m.card_kind, m.card_title,
      m.custom_url_slug, m.item_id, m.file_name, m.mime_type, m.topic_id, m.category, m.created_at,
      m.comment, m.is_locked, totals.total, totals.counts, totals.lexemes
    from (
      select (select count(*) from matches)::int as total, (select numnode(query) from q)::int as lexemes,
        (select json_agg(json_build_object('type', g.type, 'card_kind', g.card_kind, 'count', g.n))
          from (select type, card_kind, count(*)::int as n from matches group by type, card_kind) g) as counts
    ) totals
    left join detailed m on true
    cross join q
    order by m.rank desc, m.id`;
  const run = async (executor: Database) =>
    rowsOf<MatchRow & { total: number; lexemes: number; counts: MatchPage['counts'] | string | null }>(
      await executor.execute(statement),
    );
  const rows =
    mode.kind === 'fuzzy'
      ? await db.transaction(async (tx) => {
          // The trigram index answers `<%` only at the session's threshold; set ours for this query.
          await tx.execute(
            sql`select set_config('pg_trgm.word_similarity_threshold', ${String(mode.threshold)}, true)`,
          );
          return run(tx);
        })
      : await run(db);
  const first = rows[0];
  const counts = typeof first?.counts === 'string' ? JSON.parse(first.counts) : first?.counts;
  return {
    rows: rows.filter((row) => row.id !== null),
    total: first?.total ?? 0,
    counts: (counts as MatchPage['counts'] | null) ?? [],
    hasLexemes: (first?.lexemes ?? 0) > 0,
  };
}
