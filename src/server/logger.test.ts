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

function collect(lines: string[]) {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n').filter(Boolean));
      done();
    },
  });
}

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
    // One line per answered request, readable on its own.
    expect(entries).toHaveLength(1);
    const answered = entries[0];
    expect(answered.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answered.req.url).toContain('unsubscribeToken=[redacted]');
    expect(answered.res.statusCode).toBe(200);
    expect(answered.msg).toMatch(
      /^GET \/api\/statuspage\/share\/[^ ]+\/view\?unsubscribeToken=\[redacted\]&inviteToken=\[redacted\] 200 \d+ ms$/,
    );
    const everything = lines.join('\n');
    for (const secret of ['secret-unsubscribe', 'secret-invite', 'secret-session-value']) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('logs for people', () => {
  it('leave out static assets and probes unless LOG_ROUTINE_REQUESTS asks for them', async () => {
    const routine = ['/assets/does-not-exist.js', '/healthz', '/readyz', '/favicon.ico'];
    const quiet: string[] = [];
    const quietApp = await buildApp({ ...t, logger: createLogger('info', collect(quiet)) });
    for (const url of [...routine, '/api/no-such-route']) await quietApp.inject({ url });
    await quietApp.close();
    expect(quiet.map((line) => JSON.parse(line).msg)).toEqual([
      expect.stringMatching(/^GET \/api\/no-such-route 404 /),
    ]);

    const everything: string[] = [];
    const config = { ...t.config, logRoutineRequests: true };
    const loudApp = await buildApp({ ...t, config, logger: createLogger('info', collect(everything)) });
    for (const url of routine) await loudApp.inject({ url });
    await loudApp.close();
    expect(everything).toHaveLength(routine.length);
  });

  it('are one readable line each in the pretty format, still without secrets', async () => {
    const lines: string[] = [];
    const app = await buildApp({ ...t, logger: createLogger('info', collect(lines), 'pretty') });
    await app.inject({ url: '/api/no-such-route?inviteToken=secret-invite' });
    await app.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\] INFO: GET \/api\/no-such-route\?inviteToken=\[redacted\] 404 \d+ ms/,
    );
    expect(lines[0]).not.toContain('secret-invite');
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it('show at debug level when a request starts, so one that never ends can be found', async () => {
    const lines: string[] = [];
    const app = await buildApp({ ...t, logger: createLogger('debug', collect(lines)) });
    await app.inject({ url: '/api/no-such-route?inviteToken=secret-invite' });
    await app.close();
    // Only this request's lines: a test building the web client meanwhile makes the static plugin warn.
    const messages = lines
      .map((line) => String(JSON.parse(line).msg))
      .filter((message) => message.includes('no-such-route'));
    expect(messages[0]).toBe('GET /api/no-such-route?inviteToken=[redacted] started');
    expect(messages).toContainEqual(
      expect.stringMatching(/^GET \/api\/no-such-route\?inviteToken=\[redacted\] 404 /),
    );
  });
});
