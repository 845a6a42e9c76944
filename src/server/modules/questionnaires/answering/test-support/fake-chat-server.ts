import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatRequest = { model: string; messages: { role: string; content: string }[] };

/**
 * A loopback OpenAI-compatible chat endpoint whose replies the test writes: `reply` gets each request
 * and answers on the raw response, so a test can also stall, refuse or send garbage.
 */
export async function startFakeChatServer() {
  const requests: ChatRequest[] = [];
  let reply: (request: ChatRequest, response: http.ServerResponse) => void = (_request, response) =>
    response.writeHead(500).end();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const parsed = JSON.parse(body) as ChatRequest;
      requests.push(parsed);
      reply(parsed, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    onRequest(handler: typeof reply) {
      reply = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A whole chat completion whose message is `content`, costing `tokens`. */
export function sendCompletion(response: http.ServerResponse, content: string, tokens = 100) {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      choices: [{ index: 0, message: { role: 'assistant', content } }],
      usage: { prompt_tokens: tokens - 20, completion_tokens: 20, total_tokens: tokens },
    }),
  );
}

/** The question and the numbered sources of a drafting prompt, as the model would read them. */
export function promptOf(request: ChatRequest): { question: string; sources: string[] } {
  const user = request.messages.find((message) => message.role === 'user')!.content;
  const [, listed, question] = /^Sources:\n\n(.*)\n\nQuestion: (.*)$/s.exec(user)!;
  const sources = listed!.split(/\n\n(?=\[\d+\] )/).map((source) => source.replace(/^\[\d+\] /, ''));
  return { question: question!, sources };
}
