import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../../../shared/dates';
import {
  formatHours,
  integrationTexts,
  statusIndicatorColours,
  statusIndicatorLabels,
} from '../../../../../shared/integrations';
import type { HackerOneData, StatusIndicator, StatuspageData } from '../../../../../shared/specialised-cards';
import { apiRequest } from '../../../../lib/api-client';
import { classNames } from '../../../../lib/class-names';

type LiveProps = { organisationSlug: string; productId: string; search: string };

/** Integration data is fetched once per page: never again on focus, reconnect or staleness (spec 2 §7, §9). */
function useLiveData<T>(kind: 'hackerone' | 'statuspageio', props: LiveProps) {
  const path = `/api/statuspage/share/${encodeURIComponent(props.organisationSlug)}/${kind}`;
  const query = new URLSearchParams(props.search);
  const params = new URLSearchParams({ productId: props.productId });
  for (const name of ['accountId', 'permissionProfileId', 'preview']) {
    const value = query.get(name);
    if (value) params.set(name, value);
  }
  return useQuery({
    queryKey: ['integration-live', kind, props.organisationSlug, params.toString()],
    queryFn: ({ signal }) => apiRequest<T>(`${path}?${params}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    retry: false,
  });
}

const dotColours = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-400',
  orange: 'bg-orange-500',
  red: 'bg-red-600',
  blue: 'bg-sky-500',
} as const;

export function StatusIndicatorBadge({
  indicator,
  description,
}: {
  indicator: StatusIndicator;
  description: string;
}) {
  const colour = statusIndicatorColours[indicator];
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full bg-slate-50 px-3 py-1 text-sm ring-1 ring-slate-200"
      data-testid="live-status"
      data-indicator={indicator}
      data-colour={colour}
    >
      <span className={classNames('size-2.5 shrink-0 rounded-full', dotColours[colour])} aria-hidden />
      <span className="sr-only">{integrationTexts.liveStatus}: </span>
      <span className="font-medium text-slate-800">
        {description.trim() || statusIndicatorLabels[indicator]}
      </span>
    </p>
  );
}

/** The live status indicator; nothing while loading or when the status page did not answer. */
export function LiveStatus(props: LiveProps) {
  const { data } = useLiveData<StatuspageData>('statuspageio', props);
  if (!data?.showInCard) return null;
  return <StatusIndicatorBadge indicator={data.indicator} description={data.description} />;
}

export function ProgramStatistics({ data }: { data: HackerOneData }) {
  const figures: Array<[string, string | null]> = [
    [
      integrationTexts.reportsResolved,
      data.programStatistics.reportsResolved?.toLocaleString('en-US') ?? null,
    ],
    [
      integrationTexts.lastReportResolved,
      data.programStatistics.lastReportedResolved
        ? formatDate(data.programStatistics.lastReportedResolved)
        : null,
    ],
    [
      integrationTexts.averageTimeToFirstResponse,
      formatHours(data.responseEfficiency.averageTimeToFirstResponse),
    ],
    [integrationTexts.averageTimeToTriage, formatHours(data.responseEfficiency.averageTimeToTriage)],
    [
      integrationTexts.averageBounty,
      data.responseEfficiency.averageBounty === null
        ? null
        : `$${Math.round(data.responseEfficiency.averageBounty).toLocaleString('en-US')}`,
    ],
  ];
  const shown = figures.filter((entry): entry is [string, string] => entry[1] !== null);
  if (shown.length === 0) return null;
  return (
    <section aria-label={integrationTexts.liveStatistics} data-testid="live-statistics">
      <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
        {integrationTexts.liveStatistics}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {shown.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-base font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The bug-bounty program's live statistics; hidden while loading and on any error (spec 2 §8). */
export function LiveProgramStatistics(props: LiveProps) {
  const { data } = useLiveData<HackerOneData>('hackerone', props);
  return data ? <ProgramStatistics data={data} /> : null;
}
