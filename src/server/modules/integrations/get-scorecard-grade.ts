import { AppError } from '../../../shared/errors';
import { gradeMessages, isBareDomain } from '../../../shared/security-grade-catalogue';
import { assertCanEdit } from '../cards';
import type { IntegrationContext } from './integration-context';
import type { ScorecardResult } from './scorecard-client';

/** GET /api/integrations/ssc/:domain — 'Get Grade' for the SecurityScorecard entry (spec 2 §5, §8). */
export async function getScorecardGrade({
  ctx,
  input,
}: {
  ctx: IntegrationContext;
  input: { domain: string };
}): Promise<{ grade: string }> {
  assertCanEdit(ctx.viewer);
  const domain = input.domain.trim().toLowerCase();
  if (!isBareDomain(domain)) {
    throw new AppError('validation_failed', gradeMessages.badDomain, { url: gradeMessages.badDomain });
  }
  const key = `${ctx.viewer.organisation.id}:ssc:${domain}`;
  const result = await ctx.clients.cache.get<string>(
    key,
    async (): Promise<{ ok: true; data: string } | { ok: false; reason: string }> => {
      const answer: ScorecardResult = await ctx.clients.scorecard.grade(domain);
      return answer.ok ? { ok: true, data: answer.grade } : { ok: false, reason: answer.reason };
    },
  );
  if (result.ok) return { grade: result.data };
  if (result.reason === 'bad_domain') {
    throw new AppError('validation_failed', gradeMessages.badDomain, { url: gradeMessages.badDomain });
  }
  if (result.reason === 'scorecard_not_calculated') {
    throw new AppError('not_found', gradeMessages.notCalculated, { grade: gradeMessages.notCalculated });
  }
  // 'Server error. Please try again.' — so the next try really asks again.
  ctx.clients.cache.forget(key);
  ctx.report('SecurityScorecard lookup failed', { reason: result.reason });
  throw new AppError('unavailable', gradeMessages.badNetwork, { grade: gradeMessages.badNetwork });
}
