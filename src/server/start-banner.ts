import type { Config } from './config';

type BannerConfig = Pick<Config, 'publicUrl' | 'host' | 'smtpUrl' | 'isProduction' | 'outboundAllowLoopback'>;

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

/** What start-up prints: where to go, how to reach it from elsewhere, and every relaxed safeguard, loudly. */
export function startBannerLines(
  config: BannerConfig,
  demo: { slug: string; adminEmail: string; password: string | null },
): string[] {
  const lines = [
    `Attest is running at ${config.publicUrl}/${demo.slug}`,
    `Staff console: ${config.publicUrl}/console`,
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
  if (config.outboundAllowLoopback) {
    lines.push(
      'WARNING: OUTBOUND_ALLOW_LOOPBACK=true: webhooks, JWKS and integrations may reach 127.0.0.1 on this machine. Never use this on a shared server.',
    );
  }
  return lines;
}
