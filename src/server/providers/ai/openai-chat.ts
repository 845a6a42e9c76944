import { z } from 'zod';
import type { AiConfig } from '../../config';
import { endpointHeaders } from './endpoint-headers';
import { type AnswerInput, type AnswerProvider, AnswerProviderError } from './types';

const requestTimeoutMs = 30_000;
const maxAnswerCharacters = 4000;
const noAnswerMarker = 'NO_ANSWER';

const systemPrompt = [
  "You answer questions about an organisation's security, privacy and compliance for its trust center.",
  'Use only the numbered sources in the user message. Cite every statement with the number of its source in square brackets, like [1].',
  `If the sources do not answer the question, reply with exactly ${noAnswerMarker} and nothing else.`,
  'Never use outside knowledge, never guess, and keep the answer under 120 words.',
].join(' ');

function userPrompt(input: AnswerInput): string {
  const sources = input.sources
    .map((source) => `[${source.index}] ${source.title}\n${source.text}`)
    .join('\n\n');
  return `Sources:\n\n${sources}\n\nQuestion: ${input.question}`;
}

/** Reads an OpenAI-style server-sent event stream and joins the content deltas. */
async function readStream(body: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  let text = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return text;
      const event = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] };
      text += event.choices?.[0]?.delta?.content ?? '';
      if (text.length > maxAnswerCharacters) return text.slice(0, maxAnswerCharacters);
    }
  }
  return text;
}

/**
 * Keeps only citations of given sources; an answer that cites none of them is unsupported and
 * becomes null, as does the model's own 'no answer'.
 */
export function acceptCitedAnswer(text: string, sourceCount: number): string | null {
  const answer = text.trim();
  if (!answer || answer.includes(noAnswerMarker)) return null;
  let isCited = false;
  const cleaned = answer.replace(/\[(\d+)\]/g, (marker, number: string) => {
    const index = Number(number);
    if (index >= 1 && index <= sourceCount) {
      isCited = true;
      return marker;
    }
    return '';
  });
  return isCited ? cleaned : null;
}

/** An OpenAI-compatible chat completions endpoint (hosted or self-hosted), streamed. */
export function createOpenAiChatAnswerer(config: AiConfig, fetchImpl: typeof fetch = fetch): AnswerProvider {
  return {
    name: 'openai',
    async answer(input: AnswerInput) {
      if (input.sources.length === 0) return null;
      let response: Response;
      try {
        response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: endpointHeaders(config.apiKey, { accept: 'text/event-stream' }),
          body: JSON.stringify({
            model: config.model,
            stream: true,
            temperature: 0,
            messages: [
              { role: 'system', content: systemPrompt },
              { role: 'user', content: userPrompt(input) },
            ],
          }),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch (error) {
        throw new AnswerProviderError(`AI endpoint unreachable: ${(error as Error).message}`);
      }
      if (!response.ok || !response.body) {
        throw new AnswerProviderError(`AI endpoint answered HTTP ${response.status}`);
      }
      let text: string;
      try {
        text = await readStream(response.body);
      } catch (error) {
        throw new AnswerProviderError(`AI endpoint stream failed: ${(error as Error).message}`);
      }
      return acceptCitedAnswer(text, input.sources.length);
    },
  };
}

export type ChatMessage = { role: 'system' | 'user'; content: string };
export type ChatCompletion = { text: string; tokens: number };

const ChatCompletionBody = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
  usage: z.object({ total_tokens: z.number().int().nonnegative() }).partial().optional(),
});

/**
 * One whole (not streamed) completion with the tokens it cost, as the endpoint counts them. The time
 * limit covers the body too, so a peer that stalls mid-reply fails the call instead of holding it.
 */
export async function requestChatCompletion(
  config: AiConfig,
  messages: ChatMessage[],
  options: { timeoutMs: number; maxTokens: number; fetchImpl?: typeof fetch },
): Promise<ChatCompletion> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let body: unknown;
  try {
    const response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: endpointHeaders(config.apiKey),
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        max_tokens: options.maxTokens,
        messages,
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new AnswerProviderError(`AI endpoint answered HTTP ${response.status}`);
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof AnswerProviderError) throw error;
    const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
    throw new AnswerProviderError(`AI endpoint failed: ${reason}`);
  }
  const parsed = ChatCompletionBody.safeParse(body);
  if (!parsed.success)
    throw new AnswerProviderError('AI endpoint sent a reply that is not a chat completion');
  return {
    text: parsed.data.choices[0]!.message.content ?? '',
    tokens: parsed.data.usage?.total_tokens ?? 0,
  };
}
