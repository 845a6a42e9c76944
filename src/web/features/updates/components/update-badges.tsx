import { EyeOff, Lock, Pin } from 'lucide-react';
import { categoryLabels, type UpdateCategory, updateMessages } from '../../../../shared/update-texts';
import { updateTexts } from '../lib/update-texts';

const badgeClassName =
  'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

export function CategoryBadge({ category }: { category: UpdateCategory }) {
  return (
    <span
      className={`${badgeClassName} bg-slate-100 text-slate-700 ring-slate-300`}
      data-testid="category-badge"
    >
      {categoryLabels[category]}
    </span>
  );
}

/** The product a topic concerns; a topic of the whole organisation has none. */
export function ProductBadge({ name }: { name: string }) {
  return (
    <span className={`${badgeClassName} bg-white text-slate-700 ring-slate-300`} data-testid="product-badge">
      {name}
    </span>
  );
}

export function PinnedMarker() {
  return (
    <span
      className={`${badgeClassName} bg-brand-soft text-brand-ink ring-brand-ink/30`}
      data-testid="pinned-marker"
    >
      <Pin className="size-3" aria-hidden />
      {updateMessages.pinned}
    </span>
  );
}

export function PrivateAudienceMarker() {
  return (
    <span
      className={`${badgeClassName} bg-amber-50 text-amber-900 ring-amber-300`}
      title={updateTexts.privateAudienceHint}
      data-testid="private-marker"
    >
      <Lock className="size-3" aria-hidden />
      {updateTexts.privateAudience}
      <span className="sr-only">: {updateTexts.privateAudienceHint}</span>
    </span>
  );
}

/** Staff see hidden topics (visitors never do), always marked as such. */
export function HiddenMarker() {
  return (
    <span
      className={`${badgeClassName} bg-slate-100 text-slate-700 ring-slate-300`}
      data-testid="hidden-marker"
    >
      <EyeOff className="size-3" aria-hidden />
      {updateTexts.hidden}
    </span>
  );
}
