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

  it('warns loudly when outbound requests may reach loopback', () => {
    const lines = startBannerLines(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'true' }), demo);
    expect(lines).toContainEqual(expect.stringMatching(/^WARNING: OUTBOUND_ALLOW_LOOPBACK=true/));
  });
});
