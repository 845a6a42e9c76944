import type { AiConfig } from '../../config';
import { createExtractiveAnswerer } from './extractive';
import { createOpenAiChatAnswerer } from './openai-chat';
import type { AnswerProvider } from './types';

export type { AnswerInput, AnswerProvider, AnswerSource } from './types';
export { AnswerProviderError } from './types';

/** The OpenAI-compatible endpoint when configured, else the offline extractive answerer. */
export function createAnswerProvider(config: AiConfig | null): AnswerProvider {
  return config ? createOpenAiChatAnswerer(config) : createExtractiveAnswerer();
}
