import path from 'node:path';
import type { Config } from './config';

type BannerConfig = Pick<
  Config,
  | 'publicUrl'
  | 'host'
  | 'smtpUrl'
  | 'isProduction'
  | 'outboundAllowLoopback'
  | 'ssoPrivateHosts'
  | 'nodeEnv'
  | 'databaseUrl'
  | 'dataDir'
  | 's3'
  | 'redisUrl'
>;

/** Host and port of a service URL: user names and passwords stay out of the banner. */
function serviceAddress(url: string): string {
  try {
    const parsed = new URL(url);
    const database = parsed.pathname.length > 1 ? parsed.pathname : '';
    return `${parsed.protocol}//${parsed.host}${parsed.protocol.startsWith('postgres') ? database : ''}`;
  } catch {
    return '(unreadable URL)';
  }
}

/** What this node runs on, in one glance: mode, database, mail, files, shared state. */
export function setupLines(config: BannerConfig): string[] {
  const database = config.databaseUrl
    ? `PostgreSQL at ${serviceAddress(config.databaseUrl)}`
    : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
  const mail = config.smtpUrl
    ? `SMTP via ${serviceAddress(config.smtpUrl)}`
    : 'dev mailbox (nothing leaves this machine)';
  const files = config.s3
    ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${serviceAddress(config.s3.endpoint)}` : ''}`
    : path.join(config.dataDir, 'files');
  const shared = config.redisUrl
    ? `Redis at ${serviceAddress(config.redisUrl)}`
    : 'this node only (no REDIS_URL)';
  return [
    `Mode: ${config.nodeEnv}`,
    `Database: ${database}`,
    `Mail: ${mail}`,
    `Files: ${files}`,
    `Rate limits and cache: ${shared}`,
  ];
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

/** What start-up prints: where to go, how to reach it from elsewhere, and every relaxed safeguard, loudly. */
export function startBannerLines(
  config: BannerConfig,
  demo: { slug: string; adminEmail: string; password: string | null },
): string[] {
  const lines = [
    `Attest is running at ${config.publicUrl}/${demo.slug}`,
    `Staff console: ${config.publicUrl}/console`,
    ...setupLines(config),
  ];
  if (demo.password) lines.push(`Demo staff sign-in: ${demo.adminEmail} / ${demo.password}`);
  if (!config.smtpUrl && !config.isProduction) {
    lines.push(`Dev mailbox (this machine only): ${config.publicUrl}/dev/mailbox`);
  }
  if (loopbackHosts.has(config.host)) {
    lines.push(
      `Listening on ${config.host} only. To expose it, set HOST=0.0.0.0 (and PUBLIC_URL, SMTP_URL, NODE_ENV=production: see README, "What is safe to expose").`,
    );
  }
  if (!config.isProduction && !loopbackHosts.has(config.host)) {
    lines.push(
      `WARNING: HOST=${config.host} in ${config.nodeEnv}: other machines on the network can reach this development server, its demo sign-in and its test data. Set NODE_ENV=production (with PUBLIC_URL and SMTP_URL) before exposing it.`,
    );
  }
  if (config.ssoPrivateHosts.length > 0) {
    lines.push(
      `Single sign-on may reach these identity providers on a private network (SSO_PRIVATE_HOSTS): ${config.ssoPrivateHosts.join(', ')}.`,
    );
  }
  if (config.outboundAllowLoopback) {
    lines.push(
      'WARNING: OUTBOUND_ALLOW_LOOPBACK=true: webhooks, JWKS and integrations may reach 127.0.0.1 on this machine. Never use this on a shared server.',
    );
  }
  return lines;
}
