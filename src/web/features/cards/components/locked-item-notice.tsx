import { Lock } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button';
import { followQueryLink } from '../../../lib/portal-query';
import { useCardTexts } from '../lib/card-texts';

type LockedItemNoticeProps = { requestAccessHref: string; itemKind?: string };

/** A restricted item the viewer sees but may not read: its content stays away, access can be requested. */
export function LockedItemNotice({ requestAccessHref, itemKind }: LockedItemNoticeProps) {
  const cardTexts = useCardTexts();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 ring-inset">
      <Lock className="size-4 shrink-0 text-slate-500" aria-hidden />
      <p className="min-w-0 flex-1 text-sm text-slate-700">{cardTexts.restricted}</p>
      <a
        href={requestAccessHref}
        onClick={(event) => followQueryLink(event, { source: 'locked_item', itemKind })}
        className={buttonClassName('secondary', 'sm')}
      >
        {cardTexts.requestAccess}
      </a>
    </div>
  );
}
