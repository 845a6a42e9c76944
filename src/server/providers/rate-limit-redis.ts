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
