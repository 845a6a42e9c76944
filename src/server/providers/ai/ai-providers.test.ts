import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractiveAnswerer } from './extractive';
import { acceptCitedAnswer, createOpenAiChatAnswerer } from './openai-chat';
import { AnswerProviderError } from './types';

const sources = [
  {
    index: 1,
    title: 'Encryption at rest',
    text: 'All customer data is encrypted at rest with AES-256. Keys rotate yearly.',
  },
  {
    index: 2,
    title: 'Backups',
    text: 'Backups run every night. They are kept for thirty days in a second region.',
  },
];

describe('extractive answerer', () => {
  const answerer = createExtractiveAnswerer();

  it('answers with the sentences that cover the question, each cited', async () => {
    const answer = await answerer.answer({
      question: 'How long are backups kept?',
      questionVariants: ['How long are backups kept?'],
      sources,
    });
    expect(answer).toBe('Backups run every night [2]. They are kept for thirty days in a second region [2].');
  });

  it('uses the rewrites of a question (synonyms) to find the covering sentence', async () => {
    const answer = await answerer.answer({
      question: 'Do you use 2FA?',
      questionVariants: ['Do you use 2FA?', 'Do you use multi-factor authentication?'],
      sources: [{ index: 1, title: 'Sign-in', text: 'Staff sign in with multi-factor authentication.' }],
    });
    expect(answer).toBe('Staff sign in with multi-factor authentication [1].');
  });

  it('answers null when the sources do not cover the question', async () => {
    const answer = await answerer.answer({
      question: 'What is your refund policy for annual plans?',
      questionVariants: ['What is your refund policy for annual plans?'],
      sources,
    });
    expect(answer).toBeNull();
    expect(await answerer.answer({ question: 'the', questionVariants: ['the'], sources })).toBeNull();
  });
});

describe('OpenAI-compatible chat answerer', () => {
  let server: http.Server;
  let baseUrl = '';
  const requests: {
    authorization?: string;
    body: { model: string; stream: boolean; messages: { content: string }[] };
  }[] = [];
  let reply: (response: http.ServerResponse) => void = () => {};

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        requests.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
        reply(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const stream = (chunks: string[]) => (response: http.ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const chunk of chunks) {
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: chunk } }] })}\n\n`);
    }
    response.end('data: [DONE]\n\n');
  };

  it('streams the answer and sends only the given sources, with the key and model', async () => {
    reply = stream(['Data is encrypted ', 'with AES-256 [1].']);
    const answerer = createOpenAiChatAnswerer({ baseUrl, apiKey: 'sk-test', model: 'test-model' });
    const answer = await answerer.answer({ question: 'Is data encrypted?', questionVariants: [], sources });
    expect(answer).toBe('Data is encrypted with AES-256 [1].');
    const last = requests.at(-1)!;
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body).toMatchObject({ model: 'test-model', stream: true });
    expect(last.body.messages[1]!.content).toContain('[2] Backups');
  });

  it("turns the model's NO_ANSWER and uncited text into null", async () => {
    const answerer = createOpenAiChatAnswerer({ baseUrl, apiKey: undefined, model: 'm' });
    reply = stream(['NO_', 'ANSWER']);
    expect(await answerer.answer({ question: 'q', questionVariants: [], sources })).toBeNull();
    reply = stream(['Our CEO is Jane.']);
    expect(await answerer.answer({ question: 'q', questionVariants: [], sources })).toBeNull();
    expect(requests.at(-1)!.authorization).toBeUndefined();
  });

  it('reports a failing endpoint as a provider error', async () => {
    reply = (response) => response.writeHead(500).end('{}');
    const answerer = createOpenAiChatAnswerer({ baseUrl, apiKey: undefined, model: 'm' });
    await expect(answerer.answer({ question: 'q', questionVariants: [], sources })).rejects.toBeInstanceOf(
      AnswerProviderError,
    );
  });

  it('keeps only citations of given sources', () => {
    expect(acceptCitedAnswer('Yes [1] and [7].', 2)).toBe('Yes [1] and .');
    expect(acceptCitedAnswer('Yes [7].', 2)).toBeNull();
  });
});
