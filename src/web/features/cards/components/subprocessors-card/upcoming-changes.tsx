import { CalendarClock } from 'lucide-react';
import type { SpecialisedView } from '../../../../../shared/specialised-cards';
import { useTranslator } from '../../../../lib/i18n';

type Upcoming = NonNullable<SpecialisedView['upcomingSubprocessorChanges']>;

/** Announced changes not yet in effect (issue 34 §3): "From {date}: Added …", above the list. */
export function UpcomingSubprocessorChanges({ changes }: { changes: Upcoming }) {
  const { t, date } = useTranslator();
  if (changes.length === 0) return null;
  return (
    <section
      aria-label={t('specialised.announcedChanges')}
      className="mb-3 space-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset"
      data-testid="upcoming-subprocessor-changes"
    >
      {changes.map((notice) => (
        <div key={notice.effectiveAt} className="flex gap-2">
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0">
            <span className="font-semibold">{`${t('specialised.fromDate', { date: date(notice.effectiveAt) })} `}</span>
            {notice.lines.join('; ')}
          </p>
        </div>
      ))}
    </section>
  );
}
