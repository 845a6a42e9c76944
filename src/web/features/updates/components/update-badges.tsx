import { EyeOff, Lock, Pin } from 'lucide-react';
import { updateCategoryKeys as categoryKeys } from '../../../../shared/i18n/update-category-keys';
import type { UpdateCategory } from '../../../../shared/update-texts';
import { useTranslator } from '../../../lib/i18n';

const badgeClassName =
  'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

export function CategoryBadge({ category }: { category: UpdateCategory }) {
  const { t } = useTranslator();
  return (
    <span
      className={`${badgeClassName} bg-slate-100 text-slate-700 ring-slate-300`}
      data-testid="category-badge"
    >
      {t(categoryKeys[category])}
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
  const { t } = useTranslator();
  return (
    <span
      className={`${badgeClassName} bg-brand-soft text-brand-ink ring-brand-ink/30`}
      data-testid="pinned-marker"
    >
      <Pin className="size-3" aria-hidden />
      {t('updates.pinned')}
    </span>
  );
}

export function PrivateAudienceMarker() {
  const { t } = useTranslator();
  return (
    <span
      className={`${badgeClassName} bg-amber-50 text-amber-900 ring-amber-300`}
      title={t('updates.membersOnlyHint')}
      data-testid="private-marker"
    >
      <Lock className="size-3" aria-hidden />
      {t('updates.membersOnly')}
      <span className="sr-only">{`: ${t('updates.membersOnlyHint')}`}</span>
    </span>
  );
}

/** Staff see hidden topics (visitors never do), always marked as such. */
export function HiddenMarker() {
  const { t } = useTranslator();
  return (
    <span
      className={`${badgeClassName} bg-slate-100 text-slate-700 ring-slate-300`}
      data-testid="hidden-marker"
    >
      <EyeOff className="size-3" aria-hidden />
      {t('updates.hidden')}
    </span>
  );
}
