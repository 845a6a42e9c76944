import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createEmbeddingProvider } from './index';
import { createOpenAiEmbeddings, EmbeddingProviderError, normalise, signatureOf } from './openai-embeddings';

const config = {
  baseUrl: 'http://embeddings.test/v1',
  apiKey: undefined,
  model: 'm',
  dimensions: undefined,
  minSimilarity: 0.35,
};

/** A fetch that answers every call with the given status and JSON body, recording the requests. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({
      url,
      body: JSON.parse(String(init.body)),
      headers: init.headers as Record<string, string>,
    });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

describe('OpenAI-compatible embeddings', () => {
  it('posts the texts to {base}/embeddings and returns unit vectors in input order', async () => {
    const { fetchImpl, calls } = fakeFetch(200, {
      data: [
        { index: 1, embedding: [0, 2] },
        { index: 0, embedding: [3, 4] },
      ],
    });
    const embedder = createOpenAiEmbeddings({ ...config, dimensions: 2 }, fetchImpl);
    expect(embedder.model).toBe('m@2');
    expect(await embedder.embed(['first', 'second'])).toEqual([
      [0.6, 0.8],
      [0, 1],
    ]);
    expect(calls[0]).toMatchObject({
      url: 'http://embeddings.test/v1/embeddings',
      body: { model: 'm', input: ['first', 'second'], dimensions: 2 },
    });
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it('reports failures, invalid and uneven vectors as provider errors', async () => {
    const cases = [
      fakeFetch(500, {}),
      fakeFetch(200, 'not json'),
      fakeFetch(200, { data: [{ index: 0, embedding: ['x'] }] }),
      fakeFetch(200, { data: [{ index: 0, embedding: [1, 2] }] }),
      fakeFetch(200, {
        data: [
          { index: 0, embedding: [1, 2] },
          { index: 1, embedding: [1, 2, 3] },
        ],
      }),
    ];
    for (const { fetchImpl } of cases) {
      await expect(createOpenAiEmbeddings(config, fetchImpl).embed(['a', 'b'])).rejects.toBeInstanceOf(
        EmbeddingProviderError,
      );
    }
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(createOpenAiEmbeddings(config, unreachable).embed(['a'])).rejects.toBeInstanceOf(
      EmbeddingProviderError,
    );
  });

  it('normalises to unit length and takes the signs as the signature', () => {
    expect(normalise([3, -4])).toEqual([0.6, -0.8]);
    expect(normalise([0, 0])).toEqual([0, 0]);
    expect(signatureOf([0.2, -0.1, 0, 3])).toBe('1001');
  });
});

describe('embedding configuration', () => {
  it('is off by default and on with AI_BASE_URL and AI_EMBEDDING_MODEL, chat model optional', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).aiEmbeddings).toBeNull();
    expect(createEmbeddingProvider(null)).toBeNull();
    const on = loadConfig({
      NODE_ENV: 'test',
      AI_BASE_URL: 'https://ai.example/v1/',
      AI_EMBEDDING_MODEL: 'text-embedding-3-small',
      AI_EMBEDDING_DIMENSIONS: '256',
    });
    expect(on.ai).toBeNull();
    expect(on.aiEmbeddings).toEqual({
      baseUrl: 'https://ai.example/v1',
      apiKey: undefined,
      model: 'text-embedding-3-small',
      dimensions: 256,
      minSimilarity: 0.35,
    });
    expect(createEmbeddingProvider(on.aiEmbeddings)?.model).toBe('text-embedding-3-small@256');
  });

  it('refuses an embedding model without a base URL, and a base URL without any model', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', AI_EMBEDDING_MODEL: 'e' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', AI_BASE_URL: 'https://ai.example/v1' })).toThrow(
      /AI_BASE_URL needs AI_MODEL or AI_EMBEDDING_MODEL/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        AI_BASE_URL: 'https://ai.example/v1',
        AI_EMBEDDING_MODEL: 'e',
        AI_EMBEDDING_MIN_SIMILARITY: '2',
      }),
    ).toThrow(/AI_EMBEDDING_MIN_SIMILARITY/);
  });
});
