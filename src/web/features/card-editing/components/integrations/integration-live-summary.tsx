import {
  formatHours,
  integrationTexts,
  statusIndicatorColours,
  statusIndicatorLabels,
} from '../../../../../shared/integrations';
import type { HackerOneData, StatuspageData } from '../../../../../shared/specialised-cards';
import type { IntegrationKindKey } from './integrations-api';

const dotColours = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
  blue: 'bg-sky-500',
} as const;

/** What staff see of the live data in the editor: the indicator, or the program's headline figures. */
export function IntegrationLiveSummary({
  kind,
  data,
}: {
  kind: IntegrationKindKey;
  data: HackerOneData | StatuspageData;
}) {
  if (kind === 'statuspage') {
    const status = data as StatuspageData;
    return (
      <p
        className="flex items-center gap-2 text-sm text-slate-700"
        data-testid="editor-live-status"
        data-indicator={status.indicator}
        data-colour={statusIndicatorColours[status.indicator]}
      >
        <span
          className={`size-2.5 rounded-full ${dotColours[statusIndicatorColours[status.indicator]]}`}
          aria-hidden
        />
        {integrationTexts.liveStatus}: {status.description || statusIndicatorLabels[status.indicator]}
      </p>
    );
  }
  const program = data as HackerOneData;
  const parts = [
    program.programStatistics.reportsResolved === null
      ? null
      : `${integrationTexts.reportsResolved}: ${program.programStatistics.reportsResolved}`,
    formatHours(program.responseEfficiency.averageTimeToFirstResponse)
      ? `${integrationTexts.averageTimeToFirstResponse}: ${formatHours(program.responseEfficiency.averageTimeToFirstResponse)}`
      : null,
  ].filter(Boolean);
  return parts.length > 0 ? (
    <p className="text-sm text-slate-700" data-testid="editor-live-statistics">
      {parts.join(' · ')}
    </p>
  ) : null;
}
