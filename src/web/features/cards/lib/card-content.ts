import type { CardKind, SectionKind } from '../../../../shared/card-kinds';
import type { CardView, ItemView } from '../../../../shared/cards';
import type { ViewerMode } from '../../../../shared/portal';
import type { CardTexts } from './card-texts';

/** A generic card previews at most this many enabled items (spec 2 §9, spec 3 §9). */
export const cardPreviewItemCount = 3;

/** The sections that hold one card of their own; 'cards' holds the grid. */
export const sectionCardKinds: Partial<Record<SectionKind, CardKind>> = {
  overview: 'Overview',
  certifications: 'Certifications',
  trusted_by: 'TrustedBy',
  subprocessors: 'Subprocessors',
  documents: 'Documents',
};

/**
 * Not read from shared/card-kinds.ts at run time: that module builds zod schemas, which would add zod
 * to every visitor's first load. card-content.test.ts checks that the two agree.
 */
const kindsOutsideTheGrid = new Set<CardKind>([...Object.values(sectionCardKinds), 'CustomerData']);

export function isGridCard(card: Pick<CardView, 'kind'>): boolean {
  return !kindsOutsideTheGrid.has(card.kind);
}

/** The heading staff chose, else the card's title. */
export function cardHeading(card: Pick<CardView, 'displayText' | 'title'>): string {
  return card.displayText?.trim() || card.title;
}

export function enabledItems(card: Pick<CardView, 'items'>): ItemView[] {
  return card.items.filter((item) => item.enabledState === 'Enabled');
}

/** What the collapsed card lists: the first enabled items, in the card's order. */
export function previewItems(card: Pick<CardView, 'items'>, isExpanded = false): ItemView[] {
  const enabled = enabledItems(card);
  return isExpanded ? enabled : enabled.slice(0, cardPreviewItemCount);
}

/** The subprocessors card is read in place; every other card opens its drawer (spec 2 §2). */
export function canExpandCard(card: Pick<CardView, 'kind'>): boolean {
  return card.kind !== 'Subprocessors';
}

/**
 * Whether a card appears at all. Staff in Main mode see every card they are given, empty ones with
 * their placeholder. Visitors never see an empty section card; an empty grid card only when staff
 * wrote a placeholder for it, since a page of default "nothing here" cards helps nobody.
 */
export function isCardShown(card: CardView, mode: ViewerMode): boolean {
  if (mode === 'main') return true;
  if (card.items.length > 0) return true;
  return isGridCard(card) && Boolean(card.placeholder?.trim());
}

/** The line a card shows when it has no enabled item to preview. */
export function emptyCardText(card: CardView, cardTexts: CardTexts): string {
  const inProgress = card.items.filter((item) => item.enabledState === 'WorkInProgress').length;
  if (card.placeholder?.trim()) return card.placeholder;
  if (inProgress > 0) return cardTexts.noEnabledItems(inProgress);
  return cardTexts.defaultPlaceholder;
}
