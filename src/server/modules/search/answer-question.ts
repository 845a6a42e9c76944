import { AppError } from '../../../shared/errors';
import { AnswerRequest, type AnswerResponse, searchLimits, searchMessages } from '../../../shared/search';
import type { Context } from '../../context';
import { AnswerProviderError, type AnswerSource } from '../../providers/ai';
import { isAnswerAvailable } from './answer-availability';
import { embedQuery } from './embeddings';
import { findMatches } from './queries';
import { recordKnowledgeGap } from './record-knowledge-gap';
import { loadScopeForProduct, type SearchContext } from './search-content';
import { toSearchResult } from './search-results';
import { expandQuery } from './security-vocabulary';
import { termTsQuery } from './sql-helpers';

/** Source text handed to the answerer, per source; long texts are cut (answers cite sentences). */
const sourceTextMaxLength = 4000;

/** Renumbers [n] markers to the order sources are first cited, keeping only cited sources. */
export function keepCitedSources<T>(answer: string, sources: T[]): { answer: string; sources: T[] } {
  const order: number[] = [];
  for (const match of answer.matchAll(/\[(\d+)\]/g)) {
    const index = Number(match[1]);
    if (index >= 1 && index <= sources.length && !order.includes(index)) order.push(index);
  }
  const renumbered = answer.replace(/\[(\d+)\]/g, (marker, number: string) => {
    const position = order.indexOf(Number(number));
    return position >= 0 ? `[${position + 1}]` : marker;
  });
  return { answer: renumbered, sources: order.map((index) => sources[index - 1]!) };
}

/**
 * Ask AI (spec 1 §4, §7): the answer is written only from sources the gate lets this viewer see, and
 * returned with them; null (and a gap for staff) when they do not answer the question.
 */
export async function answerQuestion({
  ctx,
  input,
}: {
  ctx: SearchContext & Pick<Context, 'providers'>;
  input: AnswerRequest;
}): Promise<AnswerResponse> {
  const request = AnswerRequest.parse(input);
  if (!isAnswerAvailable(ctx.viewer)) throw new AppError('forbidden', searchMessages.answerUnavailable);
  const question = request.query.term;
  const productId = request.query.filters.product;
  const scope = await loadScopeForProduct(ctx, productId);
  const variants = expandQuery(question);
  const page = await findMatches(ctx.db, scope, {
    query: termTsQuery(variants, { anyWord: true }),
    limit: searchLimits.answerMaxSources,
    offset: 0,
    purpose: 'answer',
    vector: await embedQuery(ctx.providers.embeddings, question, ctx.log),
  });
  const sources: AnswerSource[] = page.rows.map((row, index) => ({
    index: index + 1,
    title: row.title,
    text: (row.body ?? '').slice(0, sourceTextMaxLength),
  }));
  let answer: string | null = null;
  if (sources.length > 0) {
    try {
      answer = await ctx.providers.ai.answer({ question, questionVariants: variants, sources });
    } catch (error) {
      if (error instanceof AnswerProviderError)
        throw new AppError('unavailable', searchMessages.answerFailed);
      throw error;
    }
  }
  if (answer === null) {
    await recordKnowledgeGap(ctx.db, { organisationId: ctx.viewer.organisation.id, productId, question });
    return { result: { answer: null, sources: [] } };
  }
  const cited = keepCitedSources(answer, page.rows.map(toSearchResult));
  return { result: cited };
}
