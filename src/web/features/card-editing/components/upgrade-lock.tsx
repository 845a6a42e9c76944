import { Lock } from 'lucide-react';
import { cardMessages } from '../../../../shared/cards';
import { Tooltip } from '../../../components/ui/tooltip';
import { classNames } from '../../../lib/class-names';

/** A plan-gated control's lock: 'Upgrade your plan to unlock this feature' on hover or focus (spec 2 §6). */
export function UpgradeLock({ className }: { className?: string }) {
  return (
    <Tooltip content={cardMessages.upgradePlan} delayMs={150}>
      <button
        type="button"
        aria-label={cardMessages.upgradePlan}
        className={classNames('rounded-md p-1 text-slate-500 hover:text-slate-800', className)}
      >
        <Lock className="size-4" aria-hidden />
      </button>
    </Tooltip>
  );
}
