import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsDashboard } from '../../../../shared/analytics';
import { formatShortDay } from '../../../../shared/dates';
import { formatCount } from '../lib/chart-format';

/**
 * The dashboard's charts (recharts, loaded with this module only when the dashboard renders). Each SVG
 * is focusable with recharts' accessibility layer: the arrow keys move between points and show the
 * tooltip. The numbers are also in a table next to each chart (chart-frame.tsx).
 */

const axisTick = { fill: '#475569', fontSize: 12 };
// No grow-in animation: recharts replays it from zero whenever the chart re-renders with new data,
// so a reader (or a screenshot) could see empty axes while the totals already say otherwise.
const drawnAtOnce = { isAnimationActive: false } as const;
const secondSeries = '#0f766e';

type TooltipRow = { name: string; value: number; color?: string };

function ChartTooltip({
  active,
  label,
  payload,
  labelOf,
}: TooltipContentProps & { labelOf(label: string): string }) {
  if (!active || !payload?.length) return null;
  const rows = payload as unknown as TooltipRow[];
  return (
    <div
      className="rounded-lg bg-white px-3 py-2 text-sm shadow-md ring-1 ring-slate-200"
      data-testid="chart-tooltip"
    >
      <p className="font-medium text-slate-900">{labelOf(String(label))}</p>
      {rows.map((row) => (
        <p key={row.name} className="flex items-center gap-2 text-slate-700">
          <span aria-hidden className="inline-block size-2 rounded-full" style={{ background: row.color }} />
          {row.name}:{' '}
          <span className="font-medium tabular-nums text-slate-900">{formatCount(row.value)}</span>
        </p>
      ))}
    </div>
  );
}

export function VisitsChart({ days, label }: { days: AnalyticsDashboard['visitsByDay']; label: string }) {
  return (
    <div className="h-64 w-full text-brand-ink">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={days}
          margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
          aria-label={label}
          title={label}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={formatShortDay}
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: '#cbd5e1' }}
            minTickGap={24}
          />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            content={(props) => <ChartTooltip {...props} labelOf={formatShortDay} />}
            cursor={{ fill: '#f1f5f9' }}
          />
          <Bar
            dataKey="visits"
            name="Visits"
            fill="currentColor"
            radius={[3, 3, 0, 0]}
            maxBarSize={32}
            {...drawnAtOnce}
          />
          <Line
            dataKey="uniqueVisitors"
            name="Unique visitors"
            stroke={secondSeries}
            strokeWidth={2}
            dot={false}
            type="monotone"
            {...drawnAtOnce}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export function FunnelChart({ steps, label }: { steps: { step: string; people: number }[]; label: string }) {
  return (
    <div className="h-56 w-full text-brand-ink">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={steps}
          margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
          aria-label={label}
          title={label}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="step"
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: '#cbd5e1' }}
            interval={0}
          />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            content={(props) => <ChartTooltip {...props} labelOf={(step) => step} />}
            cursor={{ fill: '#f1f5f9' }}
          />
          <Bar
            dataKey="people"
            name="People"
            fill="currentColor"
            radius={[3, 3, 0, 0]}
            maxBarSize={56}
            {...drawnAtOnce}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
