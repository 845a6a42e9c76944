import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { CardKind } from '../../../shared/card-kinds';
import { KbAccessLevel } from '../../../shared/knowledge-base';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import {
  cards,
  files,
  itemFiles,
  itemSearchVectors,
  items,
  products,
  topics,
  topicUpdates,
} from '../../db/schema';
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

/** What the gate decides the search scope from: a product's items and files, the organisation's updates. */
export async function loadSearchScopeRows(db: Database, viewer: Viewer, productId: string) {
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
  return { itemRows, fileRows, updateRows };
}

export function decideSearchScope(
  viewer: Viewer,
  productId: string,
  { itemRows, fileRows, updateRows }: Awaited<ReturnType<typeof loadSearchScopeRows>>,
  grants: ItemGrants,
): SearchScope {
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

/** The question as a unit vector of the configured embedding model, with its sign bits. */
export type VectorQuery = { embedding: number[]; signature: string; model: string; minSimilarity: number };

export type MatchOptions = {
  /** The tsquery the weighted documents must match. */
  query: SQL;
  limit: number;
  offset: number;
  /** Answers read readable sources only (no locked items, no files without text); search reads all. */
  purpose: 'search' | 'answer';
  /** Semantic matches added to the full-text ones (reciprocal-rank fusion); null: full-text only. */
  vector?: VectorQuery | null;
};

export type MatchPage = {
  rows: MatchRow[];
  total: number;
  counts: { type: MatchRow['type']; card_kind: CardKind | null; count: number }[];
  /** False when the query had no searchable word (only stop words or punctuation). */
  hasLexemes: boolean;
};

/** Embeddings compared exactly after the Hamming first pass over their sign bits. */
export const vectorCandidateCount = 200;
/** Semantic matches added at most: they extend full-text results, they do not flood them. */
export const vectorHitsMax = 20;
/** The k of reciprocal-rank fusion, 1 / (k + position), as in the original paper. */
const fusionK = 60;

// Identical to the indexed expressions, so each is matched through its GIN index.
const itemVectors = itemSearchVectors('i.');
const itemContentVector = sql.raw(itemVectors.content);
const itemTitleVector = sql.raw(itemVectors.title);
const fileVector = sql`setweight(to_tsvector('english', f.title), 'A') || setweight(to_tsvector('english', regexp_replace(f.original_name, '[^[:alnum:]]+', ' ', 'g')), 'B')`;
const updateVector = sql`setweight(to_tsvector('english', t.subject), 'A') || setweight(to_tsvector('english', u.message), 'B')`;

/**
 * One ranked page over items, files (their titles and extracted text), updates and knowledge-base
 * entries, restricted to the scope the gate computed before anything is matched; totals and counts
 * come from the same restricted set. With a vector, semantic neighbours within that same scope
 * (readable content only) are fused with the full-text ranking.
 */
export async function findMatches(
  db: Database,
  scope: SearchScope,
  options: MatchOptions,
): Promise<MatchPage> {
  const { purpose } = options;
  const titleOnlyItemIds = purpose === 'answer' ? [] : scope.titleOnlyItemIds;
  const fileIds = arrayParam(scope.files.map((entry) => entry.fileId));
  const fileItemIds = arrayParam(scope.files.map((entry) => entry.itemId));
  const matchOf = (vector: SQL) => ({
    where: sql`${vector} @@ q.query`,
    rank: sql`ts_rank(${vector}, q.query)`,
  });
  const itemContent = matchOf(itemContentVector);
  const itemTitle = matchOf(itemTitleVector);
  const file = matchOf(fileVector);
  const update = matchOf(updateVector);
  const kb = matchOf(sql`k.search_vector`);
  // A document matches by its title and name or by its best passage of extracted text; an answer
  // needs the passage (a title alone answers nothing).
  const bestPassage = sql`left join lateral (
          select c.position, ts_rank(c.search_vector, q.query) as rank from file_text_chunks c
          where c.file_id = f.id and c.search_vector @@ q.query order by 2 desc, 1 limit 1
        ) best on true`;
  const fileWhere =
    purpose === 'answer' ? sql`best.position is not null` : sql`(${file.where} or best.position is not null)`;
  const kbScope = sql`k.organisation_id = ${scope.organisationId}
        and k.access_level = any(${arrayParam(scope.kbAccessLevels)}::text[])
        and (cardinality(k.product_ids) = 0 or k.product_ids @> array[${scope.productId}]::uuid[])`;
  const vector = options.vector ?? null;
  const semanticCtes = vector
    ? sql`,
    qv as (select ${`{${vector.embedding.join(',')}}`}::real[] as embedding, ${vector.signature}::varbit as signature),
    vector_candidates as (
      select e.source_type, e.source_id, e.position, e.embedding
      from search_embeddings e cross join qv
      where e.organisation_id = ${scope.organisationId} and e.model = ${vector.model}
        and cardinality(e.embedding) = ${vector.embedding.length}
        and (
          (e.source_type = 'item' and e.source_id = any(${arrayParam(scope.readableItemIds)}::uuid[]))
          or (e.source_type = 'file_chunk' and e.source_id = any(${fileIds}::uuid[]))
          or (e.source_type = 'update' and e.source_id = any(${arrayParam(scope.updateIds)}::uuid[]))
          or (e.source_type = 'kb' and e.source_id in (select k.id from knowledge_base_entries k where ${kbScope}))
        )
      order by bit_count(e.signature # qv.signature), e.source_id, e.position
      limit ${vectorCandidateCount}
    ),
    semantic_rows as (
      select case c.source_type when 'file_chunk' then 'file' else c.source_type end as type, c.source_id as id,
        (select sum(a * b) from unnest(c.embedding, qv.embedding) as pair(a, b)) as similarity,
        coalesce(it.card_kind, fit.card_kind) as card_kind,
        case c.source_type when 'item' then c.source_id when 'file_chunk' then fs.item_id end as item_id,
        case when c.source_type = 'file_chunk' then c.position end as chunk,
        case c.source_type when 'update' then u.topic_id else c.source_id end as group_key
      from vector_candidates c cross join qv
      left join items it on c.source_type = 'item' and it.id = c.source_id
      left join unnest(${fileIds}::uuid[], ${fileItemIds}::uuid[]) as fs(file_id, item_id)
        on c.source_type = 'file_chunk' and fs.file_id = c.source_id
      left join items fit on fit.id = fs.item_id
      left join topic_updates u on c.source_type = 'update' and u.id = c.source_id
    ),
    semantic as (
      select best.*, row_number() over (order by best.similarity desc, best.id) as position
      from (
        select distinct on (type, group_key) * from semantic_rows
        where similarity >= ${vector.minSimilarity}
          -- one update per topic: a topic the full text found keeps the update it found
          and not exists (select 1 from lexical l where l.type = 'update' and semantic_rows.type = 'update'
            and l.group_key = semantic_rows.group_key and l.id <> semantic_rows.id)
        order by type, group_key, similarity desc
      ) best
      order by best.similarity desc, best.id
      limit ${vectorHitsMax}
    ),
    lexical_ranked as (select lexical.*, row_number() over (order by rank desc, id) as position from lexical),
    matches as (
      select coalesce(l.type, s.type) as type, coalesce(l.id, s.id) as id,
        coalesce(1.0 / (${fusionK} + l.position), 0) + coalesce(1.0 / (${fusionK} + s.position), 0) as rank,
        coalesce(l.card_kind, s.card_kind) as card_kind, coalesce(l.item_id, s.item_id) as item_id,
        coalesce(l.is_locked, false) as is_locked, coalesce(l.chunk, s.chunk) as chunk
      from lexical_ranked l full outer join semantic s on s.type = l.type and s.id = l.id
    )`
    : sql`,
    matches as (select type, id, rank, card_kind, item_id, is_locked, chunk from lexical)`;
  const bodyOut = sql`case when m.body is null or m.body = '' then null else ts_headline('english', m.body, q.query, 'StartSel=⟦, StopSel=⟧, MaxWords=30, MinWords=12, MaxFragments=1') end`;
  // Matching and ranking carry ids and ranks only; texts are read for the one page shown.
  const statement = sql`
    with q as (select ${options.query} as query),
    lexical as (
      select 'item' as type, i.id, ${itemContent.rank} as rank, i.card_kind, i.id as item_id,
        false as is_locked, null::int as chunk, i.id as group_key
      from items i cross join q
      where i.id = any(${arrayParam(scope.readableItemIds)}::uuid[]) and ${itemContent.where}
      union all
      select 'item', i.id, ${itemTitle.rank}, i.card_kind, i.id, true, null, i.id
      from items i cross join q
      where i.id = any(${arrayParam(titleOnlyItemIds)}::uuid[]) and ${itemTitle.where}
      union all
      select 'file', f.id, ${file.rank} + coalesce(best.rank, 0), it.card_kind, it.id, false, best.position, f.id
      from unnest(${fileIds}::uuid[], ${fileItemIds}::uuid[]) as s(file_id, item_id)
      join files f on f.id = s.file_id join items it on it.id = s.item_id cross join q
      ${bestPassage}
      where ${fileWhere}
      union all
      select * from (
        select distinct on (u.topic_id) 'update' as type, u.id, ${update.rank} as rank, null as card_kind,
          null::uuid as item_id, false as is_locked, null::int as chunk, u.topic_id as group_key
        from topic_updates u join topics t on t.id = u.topic_id cross join q
        where u.id = any(${arrayParam(scope.updateIds)}::uuid[]) and ${update.where}
        order by u.topic_id, 3 desc, u.created_at desc
      ) best_update_per_topic
      union all
      select 'kb', k.id, ${kb.rank}, null, null, false, null, k.id
      from knowledge_base_entries k cross join q
      where ${kbScope}
        and ${kb.where}
    )${semanticCtes},
    page as (select * from matches order by rank desc, id limit ${options.limit} offset ${options.offset}),
    detailed as (
      select page.type, page.id, page.rank, page.card_kind, page.item_id, page.is_locked,
        coalesce(i.title, f.title, t.subject, k.question) as title,
        case page.type when 'item' then (case when page.is_locked then null else i.explanation end)
          when 'file' then fc.text when 'update' then u.message when 'kb' then k.answer end as body,
        c.title as card_title, i.custom_url_slug, f.original_name as file_name, f.content_type as mime_type,
        u.topic_id, t.category, coalesce(i.created_at, f.created_at, u.created_at, k.created_at) as created_at,
        k.comment
      from page
      left join items i on page.type = 'item' and i.id = page.id
      left join cards c on c.product_id = i.product_id and c.kind = i.card_kind
      left join files f on page.type = 'file' and f.id = page.id
      left join file_text_chunks fc on page.type = 'file' and fc.file_id = page.id and fc.position = page.chunk
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
  const rows = rowsOf<
    MatchRow & { total: number; lexemes: number; counts: MatchPage['counts'] | string | null }
  >(await executePrepared(db, statement));
  const first = rows[0];
  const counts = typeof first?.counts === 'string' ? JSON.parse(first.counts) : first?.counts;
  return {
    rows: rows.filter((row) => row.id !== null),
    total: first?.total ?? 0,
    counts: (counts as MatchPage['counts'] | null) ?? [],
    hasLexemes: (first?.lexemes ?? 0) > 0,
  };
}

/** How alike (trigram similarity) a vocabulary word must be to stand in for a misspelt one. */
export const spellingSimilarity = 0.4;
/** Words shorter than this are never corrected: too few trigrams to tell a typo from another word. */
const correctableWord = /[\p{L}][\p{L}\p{N}]{2,39}/gu;

/**
 * The term with each word the organisation's vocabulary (search_words) does not know replaced by its
 * most similar known word; null when every word is known or one has no similar word. The correction
 * is only ever a query: what it finds still passes the gate, and it is never shown.
 */
export async function correctSpelling(
  db: Database,
  organisationId: string,
  term: string,
): Promise<string | null> {
  const typed = [...new Set(term.toLowerCase().match(correctableWord) ?? [])];
  if (typed.length === 0) return null;
  // `%` finds candidates through the trigram index at the session's threshold (0.3 unless an
  // operator changed it); the similarity test keeps those alike enough to stand in.
  const rows = rowsOf<{ typed: string; known: boolean; best: string | null }>(
    await db.execute(sql`
      select t.word as typed, known.word is not null as known, best.word as best
      from unnest(${arrayParam(typed)}::text[]) as t(word)
      left join search_words known on known.organisation_id = ${organisationId} and known.word = t.word
      left join lateral (
        select s.word from search_words s
        where known.word is null and s.organisation_id = ${organisationId} and s.word % t.word
          and similarity(s.word, t.word) >= ${spellingSimilarity}
        order by similarity(s.word, t.word) desc, s.word limit 1
      ) best on true`),
  );
  const replacements = new Map<string, string>();
  for (const row of rows) {
    if (row.known) continue;
    if (!row.best) return null;
    replacements.set(row.typed, row.best);
  }
  if (replacements.size === 0) return null;
  return term.replace(correctableWord, (word) => replacements.get(word.toLowerCase()) ?? word);
}
