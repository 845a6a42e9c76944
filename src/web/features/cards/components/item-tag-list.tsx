import { Clock, Globe, Repeat } from 'lucide-react';
import type { ItemView } from '../../../../shared/cards';
import type { ViewerMode } from '../../../../shared/portal';
import { useTranslator } from '../../../lib/i18n';
import { cardTextsFor } from '../lib/card-texts';
import { type ItemTag, itemTags } from '../lib/item-tags';

const tagLooks: Record<ItemTag['kind'], { icon: typeof Globe; className: string }> = {
  public: { icon: Globe, className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' },
  inProgress: { icon: Clock, className: 'bg-amber-50 text-amber-800 ring-amber-600/25' },
  recurrence: { icon: Repeat, className: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
};

export function ItemTagList({ item, mode }: { item: ItemView; mode: ViewerMode }) {
  const translator = useTranslator();
  const tags = itemTags(item, mode, cardTextsFor(translator));
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={translator.t('cards.tags')}>
      {tags.map((tag) => {
        const { icon: Icon, className } = tagLooks[tag.kind];
        return (
          <li
            key={tag.kind}
            className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${className}`}
          >
            <Icon className="size-3" aria-hidden />
            {tag.label}
          </li>
        );
      })}
    </ul>
  );
}
