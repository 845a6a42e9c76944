import type { StatusIndicator } from '../../../shared/specialised-cards';
import type { IntegrationsConfig } from '../../config';
import { type CallOutcome, type FetchSettings, fetchJson, isRecord } from './fetch-json';

export type StatusSummary = { description: string; indicator: StatusIndicator };

/** invalid: not a Statuspage (or refused address); temporary: the page did not answer now. */
export type StatuspageFailure = 'invalid' | 'private' | 'temporary';
export type StatuspageResult = { ok: true; data: StatusSummary } | { ok: false; reason: StatuspageFailure };

const pageIndicators = new Set(['none', 'minor', 'major', 'critical', 'maintenance']);

/**
 * The Statuspage v2 summary (`GET {page}/api/v2/summary.json`): `status.indicator` none, minor, major,
 * critical (or maintenance) with `status.description`; an in-progress scheduled maintenance on a quiet
 * page shows as maintenance, and a quiet page whose components are all operational as operational.
 */
export function createStatuspageClient(config: IntegrationsConfig, settings: FetchSettings) {
  return {
    summaryUrl(pageBase: string): string {
      if (!config.statusPageApiUrl) return `${pageBase}/api/v2/summary.json`;
      const page = new URL(pageBase);
      return `${config.statusPageApiUrl}${page.pathname.replace(/\/+$/, '')}/api/v2/summary.json`;
    },
    async summary(pageBase: string): Promise<StatuspageResult> {
      return readSummary(await fetchJson(this.summaryUrl(pageBase), settings));
    },
  };
}

export type StatuspageClient = ReturnType<typeof createStatuspageClient>;

function readSummary(outcome: CallOutcome): StatuspageResult {
  if (outcome.kind === 'refused') return { ok: false, reason: 'private' };
  if (outcome.kind === 'unreachable') return { ok: false, reason: 'temporary' };
  if (outcome.status === 429 || outcome.status >= 500) return { ok: false, reason: 'temporary' };
  if (outcome.kind === 'garbage' || outcome.status !== 200) return { ok: false, reason: 'invalid' };
  const body = outcome.body;
  if (!isRecord(body) || !isRecord(body.status)) return { ok: false, reason: 'invalid' };
  const { indicator, description } = body.status;
  if (typeof indicator !== 'string' || !pageIndicators.has(indicator) || typeof description !== 'string') {
    return { ok: false, reason: 'invalid' };
  }
  let shown = indicator as StatusIndicator;
  if (shown === 'none') {
    const maintenances = Array.isArray(body.scheduled_maintenances) ? body.scheduled_maintenances : [];
    const components = Array.isArray(body.components) ? body.components : [];
    if (maintenances.some((entry) => isRecord(entry) && entry.status === 'in_progress'))
      shown = 'maintenance';
    else if (
      components.length > 0 &&
      components.every((component) => isRecord(component) && component.status === 'operational')
    ) {
      shown = 'operational';
    }
  }
  return { ok: true, data: { description: description.slice(0, 200), indicator: shown } };
}
