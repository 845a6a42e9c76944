import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createLogger } from './logger';
import { createOrganisation } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('request logs', () => {
  it('are JSON lines with a request id and without cookies or token values', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const app = await buildApp({ ...t, logger: createLogger('info', sink) });
    const { organisation } = await createOrganisation(t.database.db);
    const response = await app.inject({
      url: `/api/statuspage/share/${organisation.slug}/view?unsubscribeToken=secret-unsubscribe&inviteToken=secret-invite`,
      cookies: { attest_session: 'secret-session-value' },
    });
    await app.close();
    expect(response.statusCode).toBe(200);
    const entries = lines.map((line) => JSON.parse(line));
    const incoming = entries.find((entry) => entry.msg === 'incoming request');
    expect(incoming.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(incoming.req.url).toContain('unsubscribeToken=[redacted]');
    const everything = lines.join('\n');
    for (const secret of ['secret-unsubscribe', 'secret-invite', 'secret-session-value']) {
      expect(everything).not.toContain(secret);
    }
  });
});
