import { timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { ApiError } from '../../shared/errors';
import type { AppDeps } from '../context';
import { mediaAnswer } from '../net/answers';
import { metricsBearer } from '../net/api-security';
import type { RateLimitCounters } from '../providers/rate-limit-redis';

type MetricsOptions = AppDeps & { rateLimitCounters: () => RateLimitCounters };

function isTokenValid(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at /metrics, only with METRICS_TOKEN (as a bearer token); without it the path is
 * a 404. Queue and outbox figures are read from the database at scrape time, so every node reports the
 * same shared backlog; request figures are this node's.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, deps: MetricsOptions) => {
  const token = deps.config.metricsToken;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'attest_' });
  const db = deps.database.db;
  // Both drivers answer db.execute with { rows }.
  const rowsOf = async <T>(statement: SQL) =>
    ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

  const requests = new Counter({
    name: 'attest_http_requests_total',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [register],
  });
  const duration = new Histogram({
    name: 'attest_http_request_duration_seconds',
    help: 'HTTP response time by route pattern',
    labelNames: ['route', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const errors = new Counter({
    name: 'attest_http_server_errors_total',
    help: 'Responses with a 5xx status by route pattern',
    labelNames: ['route'],
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL: one series per route, whatever the slugs and ids.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    duration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
  });

  const jobsInState = (name: string, help: string, state: 'queued' | 'failed') =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [register],
      async collect() {
        this.reset();
        const rows = await rowsOf<{ queue: string; count: number }>(
          sql`select queue, count(*)::int as count from jobs where state = ${state} group by queue`,
        );
        for (const row of rows) this.set({ queue: row.queue }, Number(row.count));
      },
    });
  jobsInState('attest_jobs_queued', 'Jobs waiting to run, by queue (kind)', 'queued');
  jobsInState(
    'attest_jobs_failed',
    'Jobs that used up their attempts, by queue (kind); mail deliveries are mail.deliver',
    'failed',
  );
  new Gauge({
    name: 'attest_jobs_oldest_runnable_age_seconds',
    help: 'Age of the oldest job that is due and not running, by queue (kind)',
    labelNames: ['queue'],
    registers: [register],
    async collect() {
      this.reset();
      const rows = await rowsOf<{ queue: string; age: number }>(
        sql`select queue, extract(epoch from now() - min(run_at))::float8 as age from jobs
            where state = 'queued' and run_at <= now() group by queue`,
      );
      for (const row of rows) this.set({ queue: row.queue }, Number(row.age));
    },
  });
  new Gauge({
    name: 'attest_outbox_messages',
    help: 'Outgoing mails by state: pending (backlog), retrying (pending after a failed try), quarantined',
    labelNames: ['state'],
    registers: [register],
    async collect() {
      this.reset();
      const rows = await rowsOf<{ pending: number; retrying: number; quarantined: number }>(
        sql`select count(*) filter (where status = 'pending')::int as pending,
                   count(*) filter (where status = 'pending' and attempts > 0)::int as retrying,
                   count(*) filter (where status = 'quarantined')::int as quarantined
            from outbox_messages`,
      );
      const row = rows[0];
      for (const state of ['pending', 'retrying', 'quarantined'] as const) {
        this.set({ state }, Number(row?.[state] ?? 0));
      }
    },
  });
  new Counter({
    name: 'attest_portal_cache_lookups_total',
    help: 'Anonymous portal cache lookups: hit, miss (loaded from the database), stale (served in an outage)',
    labelNames: ['result'],
    registers: [register],
    collect() {
      this.reset();
      for (const [result, count] of Object.entries(deps.providers.cache.lookups)) this.inc({ result }, count);
    },
  });
  new Gauge({
    name: 'attest_database_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const use = deps.database.poolUse?.();
      if (!use) return;
      for (const [state, count] of Object.entries(use)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'attest_rate_limits_per_node_fallback',
    help: '1 while Redis is unreachable and rate limits are counted per node',
    registers: [register],
    collect() {
      this.set(deps.rateLimitCounters() === 'per_node_fallback' ? 1 : 0);
    },
  });

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['operations'],
        summary: 'Prometheus metrics (only when the server was started with METRICS_TOKEN)',
        security: metricsBearer,
        response: {
          200: mediaAnswer('Metrics in the Prometheus text format', ['text/plain'], { isText: true }),
          401: ApiError,
        },
      },
    },
    async (request, reply) => {
      if (!isTokenValid(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: { code: 'unauthenticated', message: 'Send METRICS_TOKEN as a bearer token.' } });
      }
      return reply.header('content-type', register.contentType).send(await register.metrics());
    },
  );
});
