import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context';
import { openToEveryone } from '../../net/api-security';
import type { RateLimitCounters } from '../../providers/rate-limit-redis';
import { readinessReport } from './check-readiness';

export const healthRoutes: FastifyPluginAsyncZod<
  AppDeps & { rateLimitCounters: () => RateLimitCounters }
> = async (app, deps) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        security: openToEveryone,
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const QueueHealth = z.object({
    queue: z.string(),
    runnable: z.number(),
    oldestRunnableAgeSeconds: z.number(),
    active: z.number(),
    waiting: z.number(),
    overrunOnThisNode: z.number(),
  });
  const Readiness = z.object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.record(z.string(), z.enum(['ok', 'failing'])),
    jobs: z.object({ status: z.enum(['moving', 'stalled', 'unknown']), queues: z.array(QueueHealth) }),
    /** Degraded, not unready: while Redis is unreachable each node still enforces its own limits. */
    rateLimits: z.enum(['redis', 'per_node', 'per_node_fallback']),
  });
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        security: openToEveryone,
        summary: 'Database and job queue reachable, not shutting down; job queue health',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const readiness = await readinessReport(deps);
      return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
};
