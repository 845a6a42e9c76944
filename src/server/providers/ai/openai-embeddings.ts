import type { AiEmbeddingConfig } from '../../config';
import { endpointHeaders } from './endpoint-headers';

export class EmbeddingProviderError extends Error {}

/**
 * Turns texts into unit-length vectors (cosine similarity = dot product). `model` names the model
 * and the requested dimensions, so vectors of another configuration are never compared.
 */
export type EmbeddingProvider = {
  model: string;
  minSimilarity: number;
  embed(texts: string[], options?: { timeoutMs?: number }): Promise<number[][]>;
};

const defaultTimeoutMs = 30_000;
/** Inputs per request: OpenAI accepts 2048, self-hosted servers often far fewer. */
export const embeddingBatchSize = 64;
/** Characters sent per text; longer texts are cut (a passage or an FAQ entry fits well within it). */
export const embeddingTextMaxLength = 6000;

export function normalise(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  return length > 0 ? vector.map((value) => value / length) : vector;
}

/** The vector's signs as a bit string ('1' for positive): the Hamming first pass of vector search. */
export function signatureOf(vector: readonly number[]): string {
  let bits = '';
  for (const value of vector) bits += value > 0 ? '1' : '0';
  return bits;
}

type EmbeddingsResponse = { data?: { index?: number; embedding?: unknown }[] };

/** An OpenAI-compatible `POST {base}/embeddings` endpoint (hosted or self-hosted). */
export function createOpenAiEmbeddings(
  config: AiEmbeddingConfig,
  fetchImpl: typeof fetch = fetch,
): EmbeddingProvider {
  return {
    model: config.dimensions ? `${config.model}@${config.dimensions}` : config.model,
    minSimilarity: config.minSimilarity,
    async embed(texts, options = {}) {
      if (texts.length === 0) return [];
      let response: Response;
      try {
        response = await fetchImpl(`${config.baseUrl}/embeddings`, {
          method: 'POST',
          headers: endpointHeaders(config.apiKey),
          body: JSON.stringify({
            model: config.model,
            input: texts.map((text) => text.slice(0, embeddingTextMaxLength)),
            encoding_format: 'float',
            ...(config.dimensions ? { dimensions: config.dimensions } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs),
        });
      } catch (error) {
        throw new EmbeddingProviderError(`embeddings endpoint unreachable: ${(error as Error).message}`);
      }
      if (!response.ok)
        throw new EmbeddingProviderError(`embeddings endpoint answered HTTP ${response.status}`);
      let body: EmbeddingsResponse;
      try {
        body = (await response.json()) as EmbeddingsResponse;
      } catch {
        throw new EmbeddingProviderError('embeddings endpoint answered with invalid JSON');
      }
      const vectors: number[][] = new Array(texts.length);
      for (const [position, entry] of (body.data ?? []).entries()) {
        const index = typeof entry.index === 'number' ? entry.index : position;
        const vector = entry.embedding;
        const isVector =
          Array.isArray(vector) &&
          vector.length > 0 &&
          vector.every((value) => typeof value === 'number' && Number.isFinite(value));
        if (!isVector || index < 0 || index >= texts.length) {
          throw new EmbeddingProviderError('embeddings endpoint answered with an invalid vector');
        }
        vectors[index] = normalise(vector as number[]);
      }
      const dimensions = vectors[0]?.length;
      for (let index = 0; index < texts.length; index++) {
        if (!vectors[index] || vectors[index]!.length !== dimensions) {
          throw new EmbeddingProviderError('embeddings endpoint answered with missing or uneven vectors');
        }
      }
      return vectors;
    },
  };
}
