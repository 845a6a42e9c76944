import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. A bad value stops start-up with one line naming the variable. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Attest <no-reply@attest.localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  LOG_ROUTINE_REQUESTS: z.enum(['true', 'false']).default('false'),
  WATCH_WEB_BUILD: z.enum(['true', 'false']).default('false'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  DEMO_ADMIN_PASSWORD: z.string().min(12).optional(),
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(3),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(15),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[0-9a-fA-F.:/, ]+)$/,
      'must be true, false, a hop count or a list of proxy addresses',
    )
    .default('false'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  PLATFORM_TERMS_URL: z.string().url().optional(),
  PLATFORM_PRIVACY_URL: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_EMBEDDING_MODEL: z.string().min(1).max(200).optional(),
  AI_EMBEDDING_DIMENSIONS: z.coerce.number().int().min(8).max(8192).optional(),
  AI_EMBEDDING_MIN_SIMILARITY: z.coerce.number().min(0).max(1).default(0.35),
  BUG_BOUNTY_API_URL: z.string().url().default('https://api.hackerone.com/v1'),
  BUG_BOUNTY_API_TOKEN: z.string().min(3).optional(),
  STATUS_PAGE_API_URL: z.string().url().optional(),
  SCORECARD_API_URL: z.string().url().default('https://api.securityscorecard.io'),
  SCORECARD_API_TOKEN: z.string().min(1).optional(),
  OUTBOUND_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
  SSO_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(10),
  SSO_PRIVATE_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase().replace(/\.$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
            'a host name, like sso.corp.example',
          ),
      ),
    ),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(10_080).default(120),
  STAFF_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(2_160).default(168),
  MEMBER_SESSION_IDLE_HOURS: z.coerce.number().int().min(1).max(720).default(168),
  STALE_VIEW_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** Loopback outside production unless HOST is set, so a laptop's demo is not on the network. */
  host: string;
  /** A second listener, on its own thread, that answers /healthz and /readyz while the main one is busy. */
  healthPort: number | null;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Coloured lines for a person at a terminal, JSON for a log collector; auto picks by whether stdout is a TTY. */
  logFormat: 'auto' | 'pretty' | 'json';
  /** Request lines for static assets and health probes, which are otherwise left out. */
  logRoutineRequests: boolean;
  /**
   * WATCH_WEB_BUILD (`npm run dev` sets it): a rebuilt dist/ is picked up on the next request. Off, the
   * build is read once: checking its files on every request cost a fifth of a page's CPU.
   */
  watchWebBuild: boolean;
  seedDemo: 'auto' | 'always' | 'never';
  demoAdminPassword: string | undefined;
  runJobs: boolean;
  /** Jobs one node runs at the same time; also the SMTP pool's connection limit. */
  jobConcurrency: number;
  /** On SIGTERM: /readyz fails this long while the node still serves, so balancers move away. */
  shutdownDrainSeconds: number;
  /** Then the listener closes; requests and jobs get this long to finish before they are cut. */
  shutdownGraceSeconds: number;
  /** Which X-Forwarded-For hops to believe; false unless a load balancer sits in front. */
  trustProxy: boolean | number | string;
  platformTermsUrl: string | undefined;
  platformPrivacyUrl: string | undefined;
  /** Rate-limit counters shared by every app node; in memory per node when unset. */
  redisUrl: string | undefined;
  /** Documents go to this S3-compatible bucket when set; otherwise to disk under DATA_DIR/files. */
  s3: S3Config | null;
  /** An OpenAI-compatible chat endpoint for AI answers; null uses the built-in extractive answerer. */
  ai: AiConfig | null;
  /** An OpenAI-compatible embeddings endpoint; when set, search adds vector similarity to full-text. */
  aiEmbeddings: AiEmbeddingConfig | null;
  /** Live integrations (bug bounty, status page, security scorecard); every call goes through safeFetch. */
  integrations: IntegrationsConfig;
  /**
   * OUTBOUND_ALLOW_LOOPBACK: webhooks, JWKS and integrations may reach 127.0.0.1 (a receiver on this
   * machine, tests' fake servers). Refused in production; start-up warns loudly when it is on.
   */
  outboundAllowLoopback: boolean;
  /**
   * SSO_PRIVATE_HOSTS: identity providers' host names that may resolve to a private network (a
   * Keycloak on 10.x); only single sign-on's requests to exactly these names are let through there.
   */
  ssoPrivateHosts: string[];
  /** SSO_TIMEOUT_SECONDS: how long one request to an identity provider may take, whole, before it is given up. */
  ssoTimeoutMs: number;
  /** Portal analytics events and document access records older than this many days are deleted daily. */
  analyticsRetentionDays: number;
  /** A session unused this long ends (idle timeout); staff sessions also end this long after sign-in. */
  sessionLimits: SessionLimits;
  /** During a database outage anonymous portal pages are served from memory for at most this long; 0: never. */
  staleViewMaxAgeMs: number;
  /** Bearer token that opens /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
};

export type SessionLimits = { staffIdleMs: number; staffMaxMs: number; memberIdleMs: number };

export type IntegrationsConfig = {
  bugBountyApiUrl: string;
  /** HackerOne API credentials as "identifier:token", sent with HTTP Basic auth. */
  bugBountyApiToken: string | undefined;
  /** Reads every status page through this base instead of the page's own address (a mirror or proxy). */
  statusPageApiUrl: string | undefined;
  scorecardApiUrl: string;
  scorecardApiToken: string | undefined;
};

export type AiConfig = { baseUrl: string; apiKey: string | undefined; model: string };

export type AiEmbeddingConfig = {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Asked of models that can shorten their vectors (sent as `dimensions`); unset keeps the model's. */
  dimensions: number | undefined;
  /** Cosine similarity a passage must reach to count as a semantic match. */
  minSimilarity: number;
};

export type S3Config = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(ConfigSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = ConfigSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const value = parsed.data;
  if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (Boolean(value.AI_BASE_URL) !== Boolean(value.AI_MODEL || value.AI_EMBEDDING_MODEL)) {
    throw new ConfigError(
      'Invalid configuration: AI_BASE_URL needs AI_MODEL or AI_EMBEDDING_MODEL, and they need AI_BASE_URL',
    );
  }
  if (value.OUTBOUND_ALLOW_LOOPBACK === 'true' && value.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: OUTBOUND_ALLOW_LOOPBACK is not accepted when NODE_ENV is production',
    );
  }
  if (value.NODE_ENV === 'production' && !value.SMTP_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL is required when NODE_ENV is production');
  }
  const port = value.PORT;
  if (value.HEALTH_PORT === port) {
    throw new ConfigError('Invalid configuration: HEALTH_PORT must differ from PORT');
  }
  return {
    nodeEnv: value.NODE_ENV,
    isProduction: value.NODE_ENV === 'production',
    port,
    host: value.HOST ?? (value.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    healthPort: value.HEALTH_PORT ?? null,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    logLevel: value.LOG_LEVEL,
    logFormat: value.LOG_FORMAT,
    logRoutineRequests: value.LOG_ROUTINE_REQUESTS === 'true',
    watchWebBuild: value.WATCH_WEB_BUILD === 'true' && value.NODE_ENV !== 'production',
    seedDemo: value.SEED_DEMO,
    demoAdminPassword: value.DEMO_ADMIN_PASSWORD,
    runJobs: value.RUN_JOBS === 'true',
    jobConcurrency: value.JOB_CONCURRENCY,
    shutdownDrainSeconds: value.SHUTDOWN_DRAIN_SECONDS,
    shutdownGraceSeconds: value.SHUTDOWN_GRACE_SECONDS,
    trustProxy:
      value.TRUST_PROXY === 'true'
        ? true
        : value.TRUST_PROXY === 'false'
          ? false
          : /^\d+$/.test(value.TRUST_PROXY)
            ? Number(value.TRUST_PROXY)
            : value.TRUST_PROXY,
    platformTermsUrl: value.PLATFORM_TERMS_URL,
    platformPrivacyUrl: value.PLATFORM_PRIVACY_URL,
    redisUrl: value.REDIS_URL,
    s3: value.S3_BUCKET
      ? {
          bucket: value.S3_BUCKET,
          endpoint: value.S3_ENDPOINT,
          region: value.S3_REGION,
          accessKeyId: value.S3_ACCESS_KEY_ID,
          secretAccessKey: value.S3_SECRET_ACCESS_KEY,
          forcePathStyle: value.S3_FORCE_PATH_STYLE === 'true',
        }
      : null,
    ai:
      value.AI_BASE_URL && value.AI_MODEL
        ? { baseUrl: value.AI_BASE_URL.replace(/\/$/, ''), apiKey: value.AI_API_KEY, model: value.AI_MODEL }
        : null,
    aiEmbeddings:
      value.AI_BASE_URL && value.AI_EMBEDDING_MODEL
        ? {
            baseUrl: value.AI_BASE_URL.replace(/\/$/, ''),
            apiKey: value.AI_API_KEY,
            model: value.AI_EMBEDDING_MODEL,
            dimensions: value.AI_EMBEDDING_DIMENSIONS,
            minSimilarity: value.AI_EMBEDDING_MIN_SIMILARITY,
          }
        : null,
    integrations: {
      bugBountyApiUrl: value.BUG_BOUNTY_API_URL.replace(/\/$/, ''),
      bugBountyApiToken: value.BUG_BOUNTY_API_TOKEN,
      statusPageApiUrl: value.STATUS_PAGE_API_URL?.replace(/\/$/, ''),
      scorecardApiUrl: value.SCORECARD_API_URL.replace(/\/$/, ''),
      scorecardApiToken: value.SCORECARD_API_TOKEN,
    },
    outboundAllowLoopback: value.OUTBOUND_ALLOW_LOOPBACK === 'true',
    ssoPrivateHosts: value.SSO_PRIVATE_HOSTS,
    ssoTimeoutMs: value.SSO_TIMEOUT_SECONDS * 1000,
    analyticsRetentionDays: value.ANALYTICS_RETENTION_DAYS,
    sessionLimits: {
      staffIdleMs: value.STAFF_SESSION_IDLE_MINUTES * 60_000,
      staffMaxMs: value.STAFF_SESSION_MAX_HOURS * 3_600_000,
      memberIdleMs: value.MEMBER_SESSION_IDLE_HOURS * 3_600_000,
    },
    staleViewMaxAgeMs: value.STALE_VIEW_MAX_AGE_SECONDS * 1000,
    metricsToken: value.METRICS_TOKEN,
  };
}
