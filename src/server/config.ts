import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. A bad value stops start-up with one line naming the variable. */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  DEMO_ADMIN_PASSWORD: z.string().min(12).optional(),
  RUN_JOBS: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[0-9a-fA-F.:/, ]+)$/,
      'must be true, false, a hop count or a list of proxy addresses',
    )
    .default('false'),
  PLATFORM_TERMS_URL: z.string().url().optional(),
  PLATFORM_PRIVACY_URL: z.string().url().optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  seedDemo: 'auto' | 'always' | 'never';
  demoAdminPassword: string | undefined;
  runJobs: boolean;
  /** Which X-Forwarded-For hops to believe; false unless a load balancer sits in front. */
  trustProxy: boolean | number | string;
  platformTermsUrl: string | undefined;
  platformPrivacyUrl: string | undefined;
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
  if (value.NODE_ENV === 'production' && !value.SMTP_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL is required when NODE_ENV is production');
  }
  const port = value.PORT;
  return {
    nodeEnv: value.NODE_ENV,
    isProduction: value.NODE_ENV === 'production',
    port,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    logLevel: value.LOG_LEVEL,
    seedDemo: value.SEED_DEMO,
    demoAdminPassword: value.DEMO_ADMIN_PASSWORD,
    runJobs: value.RUN_JOBS === 'true',
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
  };
}
