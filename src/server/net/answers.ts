import { z } from 'zod';

type MediaAnswer = { mediaTypes: readonly string[]; isText: boolean };
const mediaAnswers = new WeakMap<z.ZodType, MediaAnswer>();

/**
 * A response schema for an answer that is not JSON (a file, a page, a feed, metrics): nothing is
 * checked when it is sent, and the API document lists it under its media types instead of as JSON.
 */
export function mediaAnswer(
  description: string,
  mediaTypes: readonly string[],
  { isText = false }: { isText?: boolean } = {},
): z.ZodType {
  const schema = z.any().describe(description);
  mediaAnswers.set(schema, { mediaTypes, isText });
  return schema;
}

/** The media types of a schema made by mediaAnswer; undefined for a JSON answer. */
export function mediaAnswerOf(schema: unknown): MediaAnswer | undefined {
  return schema instanceof z.ZodType ? mediaAnswers.get(schema) : undefined;
}

/** A redirect's schema: no body; the Location header says where. */
export const redirectAnswer = (description: string) => z.undefined().describe(description);

/** An HTML page for a person (a link in a mail opens it). */
export const htmlPage = (description: string) => mediaAnswer(description, ['text/html'], { isText: true });
