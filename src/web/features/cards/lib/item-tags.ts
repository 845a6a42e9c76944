import type { ItemView } from '../../../../shared/cards';
import type { ViewerMode } from '../../../../shared/portal';
import type { CardTexts } from './card-texts';

export type ItemTag = { kind: 'public' | 'inProgress' | 'recurrence'; label: string };

/** 'n/a' (any case) means the item has no recurrence, so it earns no tag. */
function hasRecurrence(recurrence: string | null): recurrence is string {
  const value = recurrence?.trim();
  return Boolean(value) && value!.toLowerCase() !== 'n/a';
}

/** Spec 2 §4: 'Public Access' (Main mode, public items), 'In Progress', 'Every {recurrence}'. */
export function itemTags(item: ItemView, mode: ViewerMode, cardTexts: CardTexts): ItemTag[] {
  const tags: ItemTag[] = [];
  if (mode === 'main' && item.isPublic) tags.push({ kind: 'public', label: cardTexts.publicAccess });
  if (item.enabledState === 'WorkInProgress') tags.push({ kind: 'inProgress', label: cardTexts.inProgress });
  if (hasRecurrence(item.recurrence)) {
    tags.push({ kind: 'recurrence', label: cardTexts.every(item.recurrence.trim()) });
  }
  return tags;
}
