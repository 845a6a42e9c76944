import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startBannerLines } from './start-banner';

const demo = { slug: 'acme', adminEmail: 'admin@acme.example', password: 'pw-123456789012' };

describe('the start banner', () => {
  it('says the default start listens on loopback only and how to expose it', () => {
    const lines = startBannerLines(loadConfig({}), demo).join('\n');
    expect(lines).toContain('Listening on 127.0.0.1 only. To expose it, set HOST=0.0.0.0');
    expect(lines).toContain('Dev mailbox (this machine only): http://localhost:3000/dev/mailbox');
    expect(lines).not.toContain('WARNING');
    expect(startBannerLines(loadConfig({ HOST: '0.0.0.0' }), demo).join('\n')).not.toContain('Listening on');
  });

  it('warns loudly when a development server listens beyond this machine', () => {
    const exposed = startBannerLines(loadConfig({ HOST: '0.0.0.0' }), demo);
    expect(exposed).toContainEqual(
      expect.stringMatching(/^WARNING: HOST=0\.0\.0\.0 in development: other machines/),
    );
  });

  it('warns loudly when outbound requests may reach loopback', () => {
    const lines = startBannerLines(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'true' }), demo);
    expect(lines).toContainEqual(expect.stringMatching(/^WARNING: OUTBOUND_ALLOW_LOOPBACK=true/));
  });

  it('says what this node runs on, without any credential', () => {
    const embedded = startBannerLines(loadConfig({ DATA_DIR: '/srv/attest' }), demo);
    expect(embedded).toEqual(
      expect.arrayContaining([
        'Mode: development',
        'Database: embedded PGlite in /srv/attest/pglite',
        'Mail: dev mailbox (nothing leaves this machine)',
        'Files: /srv/attest/files',
        'Rate limits and cache: this node only (no REDIS_URL)',
      ]),
    );
    const scaled = startBannerLines(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://trust.example.com',
        DATABASE_URL: 'postgres://attest:db-secret@db.internal:5432/attest',
        SMTP_URL: 'smtp://mailer:smtp-secret@smtp.internal:587',
        REDIS_URL: 'redis://:redis-secret@cache.internal:6379',
        S3_BUCKET: 'attest-files',
        S3_ENDPOINT: 'https://s3.internal:9000',
      }),
      { ...demo, password: null },
    );
    expect(scaled).toEqual(
      expect.arrayContaining([
        'Mode: production',
        'Database: PostgreSQL at postgres://db.internal:5432/attest',
        'Mail: SMTP via smtp://smtp.internal:587',
        'Files: S3 bucket attest-files at https://s3.internal:9000',
        'Rate limits and cache: Redis at redis://cache.internal:6379',
      ]),
    );
    expect(scaled.join('\n')).not.toMatch(/secret/);
  });
});
