import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection that holds rate-limit counters. It fails fast instead of queueing commands
 * while Redis is away, so a Redis outage lets requests through (skipOnError) rather than hanging them.
 */
export function createRateLimitRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5000),
  });
  redis.on('error', (error) => log.warn({ err: error }, 'rate-limit Redis unavailable; limits are skipped'));
  return redis;
}

/**
 * Resolves once the connection is ready, or when it fails or `timeoutMs` passes: commands sent before
 * it is ready are refused (no offline queue), and a node that served right away would let its first
 * requests through uncounted. An unreachable Redis delays start-up by at most the timeout.
 */
export function untilRateLimitRedisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
