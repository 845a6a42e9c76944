import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type IncrementResult = { current: number; ttl: number };
type RateLimitStore = {
  incr(
    key: string,
    callback: (error: Error | null, result?: IncrementResult) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(routeOptions: FastifyRateLimitOptions & { routeInfo: unknown }): RateLimitStore;
};
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };

// The plugin's own stores, so counting and key names stay exactly the plugin's (it exports no types for them).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => RateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => RateLimitStore;

/** Where rate-limit counters are: in Redis, per node (no REDIS_URL), or per node while Redis is unreachable. */
export type RateLimitCounters = 'redis' | 'per_node' | 'per_node_fallback';

export type RateLimitRedisHealth = {
  counters(): RateLimitCounters;
  /** Quits the connection without reporting its closing as an outage. */
  close(): Promise<void>;
  /** The rate-limit plugin's `store`: Redis while it answers, this node's memory otherwise. */
  Store: FastifyRateLimitStoreCtor;
};

/**
 * The Redis connection that holds rate-limit counters. It fails fast instead of queueing commands
 * while Redis is away; the store below then counts in memory, so limits hold per node meanwhile.
 */
export function createRateLimitRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5000),
  });
}

/**
 * Tracks whether Redis answers and logs each change once (not every reconnect attempt). While it does
 * not, every limit is counted in this node's memory: a client may get one budget per node, never none.
 */
export function watchRateLimitRedis(redis: Redis, log: FastifyBaseLogger): RateLimitRedisHealth {
  let counters: RateLimitCounters = redis.status === 'ready' ? 'redis' : 'per_node_fallback';
  let hasWarned = false;
  const fallBack = (error: Error) => {
    if (counters === 'per_node_fallback' && hasWarned) return;
    counters = 'per_node_fallback';
    hasWarned = true;
    log.warn({ err: error }, 'rate-limit Redis unreachable; counting limits per node until it is back');
  };
  const onClose = () => fallBack(new Error('the connection to Redis closed'));
  const onReady = () => {
    if (counters === 'redis') return;
    counters = 'redis';
    if (hasWarned) log.info('rate-limit Redis is back; limits are shared by every node again');
    hasWarned = false;
  };
  redis.on('error', fallBack);
  redis.on('close', onClose);
  redis.on('ready', onReady);

  class FallbackStore implements RateLimitStore {
    constructor(
      private readonly shared: RateLimitStore,
      private readonly local: RateLimitStore,
    ) {}
    incr(
      key: string,
      callback: (error: Error | null, result?: IncrementResult) => void,
      timeWindow: number,
      max: number,
    ) {
      if (redis.status !== 'ready') return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          fallBack(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    child(routeOptions: FastifyRateLimitOptions & { routeInfo: unknown }) {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return {
    counters: () => counters,
    async close() {
      redis.off('close', onClose);
      redis.off('ready', onReady);
      await redis.quit().catch(() => redis.disconnect());
    },
    // The plugin's types still declare incr(key, callback); it calls incr(key, callback, timeWindow, max).
    Store: class extends FallbackStore {
      constructor(options: StoreOptions) {
        super(
          new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, 'attest-rate-limit:'),
          new LocalStore(options.continueExceeding, options.exponentialBackoff),
        );
      }
    } as unknown as FastifyRateLimitStoreCtor,
  };
}

/**
 * Resolves once the connection is ready, or when it fails or `timeoutMs` passes: commands sent before
 * it is ready are refused (no offline queue), and a node that served right away would count its first
 * requests in memory only. An unreachable Redis delays start-up by at most the timeout.
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
