import type { AiConfig, AiEmbeddingConfig } from '../../config';
import { createExtractiveAnswerer } from './extractive';
import { createOpenAiChatAnswerer } from './openai-chat';
import { createOpenAiEmbeddings, type EmbeddingProvider } from './openai-embeddings';
import type { AnswerProvider } from './types';

export type { ChatCompletion, ChatMessage } from './openai-chat';
export { requestChatCompletion } from './openai-chat';
export type { EmbeddingProvider } from './openai-embeddings';
export { EmbeddingProviderError, signatureOf } from './openai-embeddings';
export type { AnswerInput, AnswerProvider, AnswerSource } from './types';
export { AnswerProviderError } from './types';

/** The OpenAI-compatible endpoint when configured, else the offline extractive answerer. */
export function createAnswerProvider(config: AiConfig | null): AnswerProvider {
  return config ? createOpenAiChatAnswerer(config) : createExtractiveAnswerer();
}

/** Embeddings only when an embedding model is configured: search is full-text alone otherwise. */
export function createEmbeddingProvider(config: AiEmbeddingConfig | null): EmbeddingProvider | null {
  return config ? createOpenAiEmbeddings(config) : null;
}
