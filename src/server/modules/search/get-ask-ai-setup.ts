import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { AskAiSetup } from '../../../shared/search';
import type { Context } from '../../context';
import { canUseConsole } from '../../policy';

/** What the console says beside the Ask AI switch; any staff member of the organisation may read it. */
export function getAskAiSetup({ ctx }: { ctx: Pick<Context, 'viewer' | 'providers'> }): AskAiSetup {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  return {
    answerer: ctx.providers.ai.name === 'extractive' ? 'built_in' : 'language_model',
    planIncludesAi: ctx.viewer.organisation.planFeatures.trustCenterAi !== false,
  };
}
