import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { jobs, organisations, searchEmbeddings } from '../../db/schema';
import type { Providers } from '../../providers';
import { type EmbeddingProvider, EmbeddingProviderError, signatureOf } from '../../providers/ai';
import { embeddingBatchSize } from '../../providers/ai/openai-embeddings';
import type { JobHandler } from '../../providers/jobs/types';
import type { VectorQuery } from './queries';
import { rowsOf } from './sql-helpers';

export const embeddingRefreshQueue = 'search.refresh-embeddings';
/** Sources embedded per job run; a run that fills it enqueues the next, so no run holds a lease long. */
export const embeddingRefreshBudget = 512;
/** A visitor waits for the question's vector: past this, search goes on with full-text alone. */
const queryEmbeddingTimeoutMs = 5000;
/** Recent terms' vectors: 'load more' and popular questions do not call the endpoint again. */
const queryCacheSize = 500;
const queryCache = new Map<string, number[]>();

type StaleSource = {
  source_type: 'item' | 'file_chunk' | 'update' | 'kb';
  source_id: string;
  position: number;
  content: string;
  hash: string;
};

/**
 * The text embedded for every searchable source of an organisation: items that are on (title,
 * explanation, list entries), FAQ entries, updates with their topic's subject, and each passage of a
 * document's extracted text with the document's title. Whoever may see what is decided at query time.
 */
const sourcesOf = (organisationId: string) => sql`
  select 'item' as source_type, i.id as source_id, 0 as position,
    i.title || E'\\n' || i.explanation || coalesce(
      (select E'\\n' || string_agg(entry, E'\\n') from jsonb_array_elements_text(i.list_entries) as entry), ''
    ) as content
  from items i where i.organisation_id = ${organisationId} and i.enabled_state <> 'NotEnabled'
  union all
  select 'kb', k.id, 0, k.question || E'\\n' || k.answer
  from knowledge_base_entries k where k.organisation_id = ${organisationId}
  union all
  select 'update', u.id, 0, t.subject || E'\\n' || u.message
  from topic_updates u join topics t on t.id = u.topic_id where u.organisation_id = ${organisationId}
  union all
  select 'file_chunk', c.file_id, c.position, f.title || E'\\n' || c.text
  from file_text_chunks c join files f on f.id = c.file_id where f.organisation_id = ${organisationId}`;

/**
 * Brings an organisation's embeddings up to date for the configured model: drops those of other
 * models and of sources that are gone, embeds new and changed sources (up to `budget`). Returns
 * how many it embedded; equal to the budget means more may be waiting.
 */
export async function refreshEmbeddings(
  db: Database,
  embedder: EmbeddingProvider,
  organisationId: string,
  budget = embeddingRefreshBudget,
): Promise<number> {
  await db.execute(sql`
    delete from search_embeddings e
    where e.organisation_id = ${organisationId} and (
      e.model <> ${embedder.model}
      or (e.source_type = 'item' and not exists (
        select 1 from items i where i.id = e.source_id and i.enabled_state <> 'NotEnabled'))
      or (e.source_type = 'kb' and not exists (select 1 from knowledge_base_entries k where k.id = e.source_id))
      or (e.source_type = 'update' and not exists (select 1 from topic_updates u where u.id = e.source_id))
      or (e.source_type = 'file_chunk' and not exists (
        select 1 from file_text_chunks c where c.file_id = e.source_id and c.position = e.position))
    )`);
  const stale = rowsOf<StaleSource>(
    await db.execute(sql`
      select s.source_type, s.source_id, s.position, s.content, md5(s.content) as hash
      from (${sourcesOf(organisationId)}) s
      left join search_embeddings e on e.source_type = s.source_type and e.source_id = s.source_id
        and e.position = s.position and e.model = ${embedder.model}
      where e.content_hash is distinct from md5(s.content)
      order by s.source_type, s.source_id, s.position
      limit ${budget}`),
  );
  for (let start = 0; start < stale.length; start += embeddingBatchSize) {
    const batch = stale.slice(start, start + embeddingBatchSize);
    const vectors = await embedder.embed(batch.map((source) => source.content));
    await db
      .insert(searchEmbeddings)
      .values(
        batch.map((source, index) => ({
          organisationId,
          sourceType: source.source_type,
          sourceId: source.source_id,
          position: source.position,
          model: embedder.model,
          contentHash: source.hash,
          embedding: vectors[index]!,
          signature: signatureOf(vectors[index]!),
        })),
      )
      .onConflictDoUpdate({
        target: [searchEmbeddings.sourceType, searchEmbeddings.sourceId, searchEmbeddings.position],
        set: {
          model: sql`excluded.model`,
          contentHash: sql`excluded.content_hash`,
          embedding: sql`excluded.embedding`,
          signature: sql`excluded.signature`,
          createdAt: sql`now()`,
        },
      });
  }
  return stale.length;
}

/**
 * Asks for an organisation's embeddings to be refreshed, in the caller's transaction; nothing when
 * no embedding model is configured or a refresh of that organisation is already waiting.
 */
export async function requestEmbeddingRefresh(
  db: Database,
  providers: Pick<Providers, 'jobs' | 'embeddings'>,
  organisationId: string,
): Promise<void> {
  if (!providers.embeddings) return;
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.queue, embeddingRefreshQueue),
        eq(jobs.state, 'queued'),
        eq(jobs.attempts, 0),
        sql`${jobs.payload}->>'organisationId' = ${organisationId}`,
      ),
    )
    .limit(1);
  if (waiting) return;
  await providers.jobs.enqueue(db, embeddingRefreshQueue, { organisationId }, { maxAttempts: 5 });
}

/**
 * The refresh job: one organisation (after its content changed) or every organisation (the
 * recurring run, which also catches changes made elsewhere, such as edited items and new updates).
 */
export function createRefreshEmbeddingsHandler(deps: {
  db: Database;
  providers: Pick<Providers, 'jobs' | 'embeddings'>;
  logger?: Logger;
}): JobHandler {
  return async (payload) => {
    const embedder = deps.providers.embeddings;
    if (!embedder) return;
    const organisationIds =
      typeof payload.organisationId === 'string'
        ? [payload.organisationId]
        : (await deps.db.select({ id: organisations.id }).from(organisations)).map((row) => row.id);
    let budget = embeddingRefreshBudget;
    for (const organisationId of organisationIds) {
      if (budget === 0) {
        await deps.providers.jobs.enqueue(
          deps.db,
          embeddingRefreshQueue,
          { organisationId },
          { maxAttempts: 5 },
        );
        continue;
      }
      const embedded = await refreshEmbeddings(deps.db, embedder, organisationId, budget);
      budget -= embedded;
      if (budget === 0) {
        await deps.providers.jobs.enqueue(
          deps.db,
          embeddingRefreshQueue,
          { organisationId },
          { maxAttempts: 5 },
        );
      }
      if (embedded > 0) deps.logger?.info({ organisationId, embedded }, 'search embeddings refreshed');
    }
  };
}

/**
 * The question's vector for semantic search, or null (no model configured, or the endpoint failed
 * or was slow: search then runs on full-text alone, and the failure is logged).
 */
export async function embedQuery(
  embedder: EmbeddingProvider | null | undefined,
  term: string,
  log?: Pick<Logger, 'warn'>,
): Promise<VectorQuery | null> {
  if (!embedder || !term.trim()) return null;
  const key = `${embedder.model}\n${term}`;
  try {
    let embedding = queryCache.get(key);
    if (embedding) queryCache.delete(key);
    else [embedding] = await embedder.embed([term], { timeoutMs: queryEmbeddingTimeoutMs });
    queryCache.set(key, embedding!);
    if (queryCache.size > queryCacheSize) queryCache.delete(queryCache.keys().next().value!);
    return {
      embedding: embedding!,
      signature: signatureOf(embedding!),
      model: embedder.model,
      minSimilarity: embedder.minSimilarity,
    };
  } catch (error) {
    if (!(error instanceof EmbeddingProviderError)) throw error;
    log?.warn({ err: error }, 'embedding the search term failed; full-text search only');
    return null;
  }
}
