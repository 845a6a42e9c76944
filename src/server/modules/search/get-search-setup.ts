import type { SearchSetup } from '../../../shared/search';
import type { Context } from '../../context';
import { isAnswerAvailable, searchEngineFor } from './answer-availability';

/** Which engine the search dialog uses for this viewer and whether it offers Ask AI. */
export async function getSearchSetup({ ctx }: { ctx: Pick<Context, 'viewer'> }): Promise<SearchSetup> {
  return { engine: searchEngineFor(ctx.viewer), isAnswerAvailable: isAnswerAvailable(ctx.viewer) };
}
