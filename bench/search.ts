import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { findOrganisationBySlug } from '../src/server/core/organisations';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/server/db/client';
import { accountMembers, accounts, knowledgeBaseEntries, products } from '../src/server/db/schema';
import { refreshEmbeddings } from '../src/server/modules/search/embeddings';
import { searchContent } from '../src/server/modules/search/search-content';
import type { Viewer } from '../src/server/policy/viewer';
import type { EmbeddingProvider } from '../src/server/providers/ai';
import { normalise } from '../src/server/providers/ai/openai-embeddings';
import { seedDemoOrganisation } from '../src/server/seed/demo';
import { percentile } from './stats';

/**
 * Server search (POST {base}/search's verb) over the demo organisation plus 100 000 knowledge-base
 * entries, as a signed-in account, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL. The baseline,
 * measured interleaved in the same run, is a primary-key lookup of one entry. Not a test: no thresholds.
 * With BENCH_EMBEDDING_DIMENSIONS (e.g. 256), every source also gets a vector of that size from an
 * in-process stand-in model, and search runs its semantic path too (the SQL cost, no network).
 */
const entryCount = Number(process.env.BENCH_KB_ENTRIES ?? 100_000);
const embeddingDimensions = Number(process.env.BENCH_EMBEDDING_DIMENSIONS ?? 0);
const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20);
const terms = [
  'SOC 2 report',
  'encryption at rest',
  'MFA',
  'pen test',
  'data retention',
  'backup',
  'GDPR DPA',
  'incident response plan',
  'encrpytion',
  'subprocessors',
  'SSO SAML',
  'vulnerability remediation',
  'access review',
  'Where is customer data hosted?',
  'business continuity',
];
const words = [
  'customer',
  'vendor',
  'audit',
  'policy',
  'cloud',
  'region',
  'review',
  'annual',
  'employee',
  'control',
  'network',
  'laptop',
  'office',
  'contract',
  'report',
  'evidence',
  'owner',
  'risk',
  'quarterly',
  'tenant',
];
const levels = ['public', 'restricted', 'internal'] as const;

/** A stand-in embedding model: hashed bag of words, so similar texts get similar vectors. */
function benchEmbedder(dimensions: number): EmbeddingProvider {
  const vectorOf = (text: string) => {
    const vector = new Array<number>(dimensions).fill(0);
    for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      let hash = 2166136261;
      for (let index = 0; index < word.length; index++)
        hash = Math.imul(hash ^ word.charCodeAt(index), 16777619);
      vector[(hash >>> 0) % dimensions]! += hash & 1 ? 1 : -1;
    }
    return normalise(vector);
  };
  return {
    model: `bench-hash@${dimensions}`,
    minSimilarity: 0.35,
    embed: async (texts) => texts.map(vectorOf),
  };
}

export async function fillKnowledgeBase(
  handle: DatabaseHandle,
  organisationId: string,
  productIds: string[],
) {
  const db = handle.db;
  const templates = await db
    .select({ question: knowledgeBaseEntries.question, answer: knowledgeBaseEntries.answer })
    .from(knowledgeBaseEntries)
    .where(eq(knowledgeBaseEntries.organisationId, organisationId));
  const batch = 1000;
  for (let start = 0; start < entryCount; start += batch) {
    const rows = Array.from({ length: Math.min(batch, entryCount - start) }, (_, offset) => {
      const n = start + offset;
      const template = templates[n % templates.length]!;
      const word = (k: number) => words[(n * 7 + k * 13) % words.length];
      return {
        organisationId,
        question: `${template.question.replace(/\?$/, '')} for ${word(1)} ${word(2)} ${n}?`,
        answer: `${template.answer} This applies to the ${word(3)} ${word(4)} scope (${n}).`,
        comment: n % 5 === 0 ? `Checked in the ${word(5)} review` : '',
        accessLevel: levels[n % 3]!,
        productIds: n % 4 === 0 ? [productIds[n % productIds.length]!] : [],
        createdAt: new Date(Date.now() - (n % 700) * 86_400_000),
      };
    });
    await db.insert(knowledgeBaseEntries).values(rows);
  }
  await db.execute(sql`analyze knowledge_base_entries`);
}

async function accountViewer(handle: DatabaseHandle): Promise<Viewer> {
  const organisation = (await findOrganisationBySlug(handle.db, 'acme'))!;
  const [row] = await handle.db
    .select({ member: accountMembers, account: accounts })
    .from(accountMembers)
    .innerJoin(accounts, eq(accounts.id, accountMembers.accountId))
    .where(eq(accountMembers.email, 'hank.scorpio@globex.example'));
  const { member, account } = row!;
  return {
    organisation,
    mode: 'account_external',
    staff: null,
    preview: null,
    publicAccessLevel: organisation.customisation.publicAccessLevel,
    session: null,
    member: {
      id: member.id,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      isAutoApproved: member.isAutoApproved,
      account: {
        id: account.id,
        name: account.name,
        reviewStatus: account.reviewStatus,
        accessExpiresAt: account.accessExpiresAt,
        permissionProfileId: account.permissionProfileId,
      },
    },
  };
}

async function time(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

async function measureEngine(name: string, handle: DatabaseHandle) {
  await seedDemoOrganisation(handle.db, { adminPassword: 'bench-password-not-used' });
  const viewer = await accountViewer(handle);
  const productIds = (
    await handle.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.organisationId, viewer.organisation.id))
  ).map((product) => product.id);
  const fillStart = performance.now();
  await fillKnowledgeBase(handle, viewer.organisation.id, productIds);
  const embedder = embeddingDimensions > 0 ? benchEmbedder(embeddingDimensions) : null;
  if (embedder) await refreshEmbeddings(handle.db, embedder, viewer.organisation.id, Number.MAX_SAFE_INTEGER);
  const fillSeconds = (performance.now() - fillStart) / 1000;
  const [payroll] = await handle.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, 'payroll'));
  const [someEntry] = await handle.db
    .select({ id: knowledgeBaseEntries.id })
    .from(knowledgeBaseEntries)
    .limit(1);
  const ctx = { db: handle.db, viewer, providers: { embeddings: embedder } };
  const search = (term: string) =>
    searchContent({ ctx, input: { query: { term, filters: { products: [payroll!.id] } } } });
  const lookup = () =>
    handle.db.select().from(knowledgeBaseEntries).where(eq(knowledgeBaseEntries.id, someEntry!.id));
  for (const term of terms) await search(term);
  const searchTimes: number[] = [];
  const baselineTimes: number[] = [];
  const termTimes = new Map<string, number[]>(terms.map((term) => [term, []]));
  for (let round = 0; round < rounds; round++) {
    for (const term of terms) {
      baselineTimes.push(await time(lookup));
      const elapsed = await time(() => search(term));
      searchTimes.push(elapsed);
      termTimes.get(term)!.push(elapsed);
    }
  }
  const slowest = [...termTimes]
    .map(([term, times]) => ({ term, median: percentile(times, 50) }))
    .sort((a, b) => b.median - a.median)
    .slice(0, 3);
  const figures = {
    name,
    fillSeconds,
    searchP50: percentile(searchTimes, 50),
    searchP95: percentile(searchTimes, 95),
    baselineP50: percentile(baselineTimes, 50),
    baselineP95: percentile(baselineTimes, 95),
  };
  console.log(
    [
      `search on ${name} (${entryCount} KB entries + demo${embedder ? `, ${embeddingDimensions}-dimension embeddings` : ''}, ${searchTimes.length} searches of ${terms.length} terms, filled in ${fillSeconds.toFixed(0)} s):`,
      `  server search          p50 ${figures.searchP50.toFixed(2)} ms  p95 ${figures.searchP95.toFixed(2)} ms`,
      `  baseline (pk lookup)   p50 ${figures.baselineP50.toFixed(2)} ms  p95 ${figures.baselineP95.toFixed(2)} ms`,
      `  ratio search/baseline  p50 ${(figures.searchP50 / figures.baselineP50).toFixed(1)}x  p95 ${(figures.searchP95 / figures.baselineP95).toFixed(1)}x`,
      `  slowest terms (median) ${slowest.map(({ term, median }) => `'${term}' ${median.toFixed(1)} ms`).join(', ')}`,
    ].join('\n'),
  );
  return figures;
}

export async function benchSearch() {
  const results = [];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const handle = await openPostgres({ url });
    try {
      results.push(await measureEngine('PostgreSQL', handle));
    } finally {
      await handle.db.execute(sql`delete from organisations where slug = 'acme'`);
      // Dead rows of 100 000 entries would double the heap and index the next run reads.
      await handle.db.execute(sql`vacuum analyze knowledge_base_entries`);
      await handle.db.execute(sql`vacuum analyze search_words`);
      await handle.close();
    }
  } else {
    console.log('search: BENCH_DATABASE_URL not set, PostgreSQL skipped');
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-bench-search-'));
  const pglite = await openPglite({ dataDir });
  try {
    results.push(await measureEngine('PGlite', pglite));
  } finally {
    await pglite.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  const [postgres, embedded] = [
    results.find((r) => r.name === 'PostgreSQL'),
    results.find((r) => r.name === 'PGlite'),
  ];
  if (postgres && embedded) {
    console.log(`  PGlite / PostgreSQL p95 ratio ${(embedded.searchP95 / postgres.searchP95).toFixed(2)}x`);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSearch();
