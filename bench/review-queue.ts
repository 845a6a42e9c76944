import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';
import { accessRequests, accountMembers, accounts, ndaAcceptances } from '../src/server/db/schema';
import { sessionCookieName } from '../src/server/plugins/sessions';
import { createProviders } from '../src/server/providers/create-providers';
import {
  createNdaVersion,
  createOrganisation,
  createProduct,
  createStaffUser,
} from '../src/server/test/factories';
import { createTestSession } from '../src/server/test/sessions';
import { RequesterType } from '../src/shared/access';
import { createBenchDatabase } from './bench-database';

/**
 * The staff review queue (GET /api/access-requests) over 10 000 requests of one organisation on
 * PostgreSQL, through the real app with a staff session: the first page of the pending queue, a
 * searched and filtered view, and every request newest first. The baseline, interleaved in the same
 * run, is the plainest read of a page: `select * … where organisation_id = $1 order by created_at
 * limit 25`, and the HTTP floor is the lightest staff read (same session and viewer work). Uses BENCH_DATABASE_URL's server (default 127.0.0.1:5432) with a database of its own.
 */
const requestCount = Number(process.env.BENCH_QUEUE_REQUESTS ?? 10_000);
const rounds = Number(process.env.BENCH_QUEUE_ROUNDS ?? 40);

const firstNames = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
];
const lastNames = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
];
const companies = Array.from({ length: 400 }, (_, index) => `Company ${index.toString(36)}`);
const countries = ['GB', 'US', 'DE', 'FR', 'NL', 'SE', 'JP', 'CA', 'AU', 'IN'];
const sources = ['request_button', 'item_link', 'document', 'search', null];
const relationships = RequesterType.options;
// Pending is a fifth of the table: a busy queue, the rest decided.
const statuses = [
  'pending',
  'approved',
  'declined',
  'auto_approved',
  'pending',
  'approved',
  'auto_declined',
  'approved',
  'declined',
  'approved',
] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

export async function benchReviewQueue() {
  const created = await createBenchDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'queue',
  );
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-bench-queue-'));
  const database = await openPostgres({ url: created.url });
  const config = loadConfig({
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:9',
    PUBLIC_URL: 'http://127.0.0.1:3990',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  });
  const providers = await createProviders(config, database);
  const app = await buildApp({ config, database, providers });
  try {
    const db = database.db;
    const { organisation, product } = await createOrganisation(db, { slug: 'queue-bench' });
    const second = await createProduct(db, organisation.id, { name: 'Payroll' });
    const staff = await createStaffUser(db, organisation.id);
    const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
    const started = Date.now() - 2 * 365 * 24 * 3600 * 1000;
    for (let offset = 0; offset < requestCount; offset += 1000) {
      await db.insert(accessRequests).values(
        Array.from({ length: Math.min(1000, requestCount - offset) }, (_, batchIndex) => {
          const index = offset + batchIndex;
          const company = companies[index % companies.length]!;
          const status = statuses[index % statuses.length]!;
          return {
            organisationId: organisation.id,
            productId: index % 3 === 0 ? second.id : product.id,
            email: `person${index}@${company.replace(' ', '-').toLowerCase()}.example`,
            firstName: firstNames[index % firstNames.length]!,
            lastName: lastNames[index % lastNames.length]!,
            companyName: company,
            country: countries[index % countries.length]!,
            source: sources[index % sources.length] ?? null,
            relationship: relationships[index % relationships.length]!,
            status,
            decidedAt: status === 'pending' ? null : new Date(started + index * 6000_000 + 3600_000),
            createdAt: new Date(started + index * 6000_000),
          };
        }),
      );
    }
    // A tenth of the requesters accepted the NDA.
    const nda = await createNdaVersion(db, organisation.id);
    const [account] = await db
      .insert(accounts)
      .values({ organisationId: organisation.id, name: 'Members' })
      .returning();
    for (let offset = 0; offset < requestCount; offset += 10_000) {
      const members = await db
        .insert(accountMembers)
        .values(
          Array.from({ length: Math.min(1000, Math.ceil((requestCount - offset) / 10)) }, (_, index) => {
            const requestIndex = offset + index * 10;
            const company = companies[requestIndex % companies.length]!;
            return {
              organisationId: organisation.id,
              accountId: account!.id,
              email: `person${requestIndex}@${company.replace(' ', '-').toLowerCase()}.example`,
              firstName: 'Member',
              lastName: 'Person',
            };
          }),
        )
        .returning();
      await db.insert(ndaAcceptances).values(
        members.map((member) => ({
          organisationId: organisation.id,
          ndaVersionId: nda.id,
          accountMemberId: member.id,
          signerName: 'Member Person',
          signerEmail: member.email,
          ndaSha256: nda.sha256,
        })),
      );
    }
    await db.execute(sql`analyze`);

    const get = (query: string) => async () => {
      const response = await app.inject({
        url: `/api/access-requests?${query}`,
        cookies: { [sessionCookieName('staff', true)]: session.token },
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    };
    const cases = {
      'first page (pending, oldest first)': get('status=pending'),
      'search + filters (q, country, NDA)': get('status=pending&q=company%201&country=GB&hasNda=no'),
      'all, newest first, page 40': get('status=all&sort=newest&page=40'),
      // The same session and viewer work around the lightest staff read: what any console call costs.
      'HTTP floor: GET /api/access-settings': async () => {
        const response = await app.inject({
          url: '/api/access-settings',
          cookies: { [sessionCookieName('staff', true)]: session.token },
        });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      },
      'baseline: select … limit 25': () =>
        db.execute(
          sql`select * from access_requests where organisation_id = ${organisation.id} and status = 'pending' order by created_at limit 25`,
        ),
    };
    const times = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
    for (const action of Object.values(cases)) await action(); // warm-up: prepared plans, JIT
    for (let round = 0; round < rounds; round++) {
      for (const [name, action] of Object.entries(cases)) times[name]!.push(await timed(action));
    }
    const baseline = median(times['baseline: select … limit 25']!);
    const floor = median(times['HTTP floor: GET /api/access-settings']!);
    console.log(
      `review queue on PostgreSQL: ${requestCount} requests, ${rounds} interleaved rounds, medians`,
    );
    for (const [name, values] of Object.entries(times)) {
      const figure = median(values);
      console.log(
        `  ${name.padEnd(40)} ${figure.toFixed(1).padStart(7)} ms${name.startsWith('baseline') ? '' : `  ${(figure / baseline).toFixed(1)}x baseline`}${name.startsWith('HTTP') || name.startsWith('baseline') ? '' : `, ${(figure / floor).toFixed(1)}x HTTP floor`}`,
      );
    }
    return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));
  } finally {
    await app.close();
    await providers.jobs.stop();
    await providers.mail.close();
    await providers.cache.close();
    await providers.storage.close();
    await database.close();
    await created.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReviewQueue();
