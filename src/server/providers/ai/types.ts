/** One numbered source an answer may use; `index` is the number cited as [index]. */
export type AnswerSource = { index: number; title: string; text: string };

export type AnswerInput = {
  question: string;
  /** The question and its rewrites with security synonyms (SOC2 / SOC 2, MFA / 2FA, …). */
  questionVariants: string[];
  /** Only what the viewer may see: the caller has passed every source through the access gate. */
  sources: AnswerSource[];
};

/**
 * Writes an answer from the given sources only, citing them as [n]; null when the sources do not
 * answer the question. Never answers from anything else.
 */
export type AnswerProvider = {
  name: 'extractive' | 'openai';
  answer(input: AnswerInput): Promise<string | null>;
};

export class AnswerProviderError extends Error {}
