import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { knowledgeBaseEntries } from '../../db/schema';
import { createAccountMember, createOrganisation } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

const canary = 'CANARYINTERNALFORCHAT';
let server: http.Server;
const prompts: string[] = [];
let t: TestApp;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      prompts.push(JSON.parse(body).messages[1].content);
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Keys rotate ' } }] })}\n\n`);
      response.end(
        `data: ${JSON.stringify({ choices: [{ delta: { content: 'every year [1].' } }] })}\n\ndata: [DONE]\n\n`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp({ AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'local-test' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('Ask AI with a chat endpoint sends it only the sources the viewer may see', async () => {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db, { customisation: { genAiEnabled: true } });
  await db.insert(knowledgeBaseEntries).values([
    {
      organisationId: organisation.id,
      question: 'How often do keys rotate?',
      answer: 'Encryption keys rotate every year.',
    },
    {
      organisationId: organisation.id,
      question: 'Which HSM holds the root keys?',
      answer: `Root keys rotate in the vault ${canary}.`,
      accessLevel: 'internal',
    },
  ]);
  const { member } = await createAccountMember(db, organisation.id);
  const session = await createTestSession(db, {
    organisationId: organisation.id,
    accountMemberId: member.id,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${organisation.slug}/search/answer`,
    cookies: session.cookies,
    headers: session.headers,
    payload: { query: { term: 'How often do keys rotate?', filters: { product: product.id } } },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().result).toMatchObject({
    answer: 'Keys rotate every year [1].',
    sources: [{ type: 'faq', title: 'How often do keys rotate?' }],
  });
  expect(prompts).toHaveLength(1);
  expect(prompts[0]).toContain('Encryption keys rotate every year.');
  expect(prompts[0]).not.toContain(canary);
});
