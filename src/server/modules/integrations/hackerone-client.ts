import type { IntegrationsConfig } from '../../config';
import { type CallOutcome, type FetchSettings, fetchJson, isRecord, numberOrNull } from './fetch-json';

export type ProgramStatistics = {
  reportsResolved: number | null;
  lastReportedResolved: string | null;
  averageTimeToFirstResponse: number | null;
  averageTimeToTriage: number | null;
  averageBounty: number | null;
};

/** not_found: no such program; unknown: any other refusal or a malformed answer; temporary: try later. */
export type HackerOneFailure = 'not_found' | 'unknown' | 'temporary';

export type HackerOneResult = { ok: true; data: ProgramStatistics } | { ok: false; reason: HackerOneFailure };

/**
 * Program statistics from the HackerOne API (`GET {base}/hackers/programs/{handle}`, JSON:API: the
 * program object with `attributes`). Times are hours, as HackerOne reports them; a missing figure is
 * null, never zero.
 */
export function createHackerOneClient(config: IntegrationsConfig, settings: FetchSettings) {
  const headers: Record<string, string> = config.bugBountyApiToken
    ? { authorization: `Basic ${Buffer.from(config.bugBountyApiToken).toString('base64')}` }
    : {};
  return {
    async programStatistics(handle: string): Promise<HackerOneResult> {
      const url = `${config.bugBountyApiUrl}/hackers/programs/${encodeURIComponent(handle)}`;
      return readProgram(await fetchJson(url, settings, headers));
    },
  };
}

export type HackerOneClient = ReturnType<typeof createHackerOneClient>;

function readProgram(outcome: CallOutcome): HackerOneResult {
  if (outcome.kind === 'refused') return { ok: false, reason: 'unknown' };
  if (outcome.kind === 'unreachable') return { ok: false, reason: 'temporary' };
  if (outcome.status === 404) return { ok: false, reason: 'not_found' };
  if (outcome.status === 429 || outcome.status >= 500) return { ok: false, reason: 'temporary' };
  if (outcome.kind === 'garbage' || outcome.status !== 200) return { ok: false, reason: 'unknown' };
  const program = isRecord(outcome.body) && isRecord(outcome.body.data) ? outcome.body.data : outcome.body;
  if (!isRecord(program) || program.type !== 'program' || !isRecord(program.attributes)) {
    return { ok: false, reason: 'unknown' };
  }
  const attributes = program.attributes;
  const resolvedAt = attributes.last_report_resolved_at;
  return {
    ok: true,
    data: {
      reportsResolved: numberOrNull(attributes.resolved_report_count),
      lastReportedResolved:
        typeof resolvedAt === 'string' && !Number.isNaN(Date.parse(resolvedAt))
          ? new Date(resolvedAt).toISOString()
          : null,
      averageTimeToFirstResponse: numberOrNull(attributes.average_time_to_first_program_response),
      averageTimeToTriage: numberOrNull(attributes.average_time_to_report_triage),
      averageBounty: numberOrNull(attributes.average_bounty_lower_amount ?? attributes.average_bounty),
    },
  };
}
