import type { IntegrationsConfig } from '../../config';
import { type CallOutcome, type FetchSettings, fetchJson, isRecord } from './fetch-json';

/** The spec's three outcomes of 'Get Grade' besides a grade (spec 2 §8). */
export type ScorecardFailure = 'bad_domain' | 'bad_network' | 'scorecard_not_calculated';
export type ScorecardResult = { ok: true; grade: string } | { ok: false; reason: ScorecardFailure };

const letterGrades = new Set(['A', 'B', 'C', 'D', 'F']);

/** A company's letter grade from the SecurityScorecard API (`GET {base}/companies/{domain}` → `grade`). */
export function createScorecardClient(config: IntegrationsConfig, settings: FetchSettings) {
  const headers: Record<string, string> = config.scorecardApiToken
    ? { authorization: `Token ${config.scorecardApiToken}` }
    : {};
  return {
    async grade(domain: string): Promise<ScorecardResult> {
      const url = `${config.scorecardApiUrl}/companies/${encodeURIComponent(domain)}`;
      return readGrade(await fetchJson(url, settings, headers));
    },
  };
}

export type ScorecardClient = ReturnType<typeof createScorecardClient>;

function readGrade(outcome: CallOutcome): ScorecardResult {
  if (outcome.kind === 'refused' || outcome.kind === 'unreachable')
    return { ok: false, reason: 'bad_network' };
  if (outcome.status === 400 || outcome.status === 404 || outcome.status === 422) {
    return { ok: false, reason: 'bad_domain' };
  }
  if (outcome.kind === 'garbage' || outcome.status !== 200 || !isRecord(outcome.body)) {
    return { ok: false, reason: 'bad_network' };
  }
  const grade = outcome.body.grade;
  if (grade === null || grade === undefined || grade === '') {
    return { ok: false, reason: 'scorecard_not_calculated' };
  }
  if (typeof grade !== 'string' || !letterGrades.has(grade.trim().toUpperCase())) {
    return { ok: false, reason: 'bad_network' };
  }
  return { ok: true, grade: grade.trim().toUpperCase() };
}
