import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createLogger } from '../logger';
import { createOrganisation } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let app: FastifyInstance;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...chunk.toString().trim().split('\n'));
      done();
    },
  });
  app = await buildApp({ ...t, logger: createLogger('info', sink) });
  app.get('/test/failing', async () => {
    throw new Error('connection to 10.1.2.3 refused: internals');
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('request ids', () => {
  it('keeps a well-formed incoming X-Request-Id and returns it', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const response = await app.inject({
      url: `/api/statuspage/share/${organisation.slug}/view`,
      headers: { 'x-request-id': 'lb-4f2a:9c1e/trace=7' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('lb-4f2a:9c1e/trace=7');
  });

  it('replaces a missing, too long or unsafe one with a generated id, also on 404', async () => {
    const tooLong = 'a'.repeat(129);
    for (const incoming of [undefined, tooLong, 'bad id\nforged log line', '<script>']) {
      const response = await app.inject({
        url: '/api/no-such-route',
        headers: incoming === undefined ? {} : { 'x-request-id': incoming },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const longest = 'b'.repeat(128);
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': longest } });
    expect(kept.headers['x-request-id']).toBe(longest);
  });

  it('names the request id in a 500 body and in the log line of the failure, without internals', async () => {
    const response = await app.inject({ url: '/test/failing', headers: { 'x-request-id': 'report-me-42' } });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-request-id']).toBe('report-me-42');
    const body = response.json();
    expect(body.error).toEqual({ code: 'internal', message: expect.any(String), requestId: 'report-me-42' });
    expect(response.body).not.toContain('10.1.2.3');
    const failure = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failure.reqId).toBe('report-me-42');
  });

  it('does not add a request id to 4xx bodies', async () => {
    const response = await app.inject({ url: '/api/no-such-route' });
    expect(response.json().error.requestId).toBeUndefined();
  });
});
