import type { GradeBand } from '../../../../../shared/security-grade-catalogue';
import { classNames } from '../../../../lib/class-names';
import { useSpecialisedTexts } from '../../lib/specialised';

const bandClasses: Record<GradeBand, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  yellow: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  red: 'bg-red-50 text-red-800 ring-red-600/30',
};

/** A grade in its colour band (spec 2 §9); the band is also named for screen readers. */
export function GradePill({ grade, band }: { grade: string; band: GradeBand | null }) {
  const specialisedTexts = useSpecialisedTexts();
  return (
    <span
      data-band={band ?? 'none'}
      className={classNames(
        'inline-flex min-w-10 items-center justify-center rounded-md px-2 py-0.5 text-sm font-semibold ring-1 ring-inset',
        band ? bandClasses[band] : 'bg-slate-50 text-slate-800 ring-slate-300',
      )}
    >
      {grade}
      {band ? <span className="sr-only"> ({specialisedTexts.bands[band]})</span> : null}
    </span>
  );
}
