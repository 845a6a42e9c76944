import { CircleCheck, CircleDashed, Clock } from 'lucide-react';
import type { EnabledState } from '../../../../shared/cards';
import { classNames } from '../../../lib/class-names';
import { useCardTexts } from '../lib/card-texts';

const stateIcons = { Enabled: CircleCheck, WorkInProgress: Clock, NotEnabled: CircleDashed } as const;

/** Faded while in progress, greyscale when not enabled (spec 2 §2), on top of each state's colour. */
const stateClassNames: Record<EnabledState, string> = {
  Enabled: 'text-emerald-600',
  WorkInProgress: 'text-amber-700 opacity-75',
  NotEnabled: 'text-slate-500 grayscale',
};

/** Each state its own shape, not only its own colour, and its name for screen readers. */
export function ItemStatusIcon({
  state,
  size = 'md',
  className,
}: {
  state: EnabledState;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const cardTexts = useCardTexts();
  const Icon = stateIcons[state];
  const label = cardTexts.status[state];
  return (
    <span className={classNames('inline-flex shrink-0', className)} title={label}>
      <Icon
        className={classNames(size === 'sm' ? 'size-4' : 'size-5', stateClassNames[state])}
        strokeWidth={2}
        aria-hidden
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
