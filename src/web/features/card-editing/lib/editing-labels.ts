import { type CardKind, canMoveItem, cardKinds, type SectionKind } from '../../../../shared/card-kinds';
import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';

/** How each page section is named in the 'Re-order sections' dialog. */
export const sectionLabels: Record<SectionKind, string> = {
  overview: 'Overview',
  certifications: 'Certifications',
  trusted_by: 'Trusted By',
  subprocessors: 'Subprocessors',
  documents: 'Documents',
  cards: 'Cards',
  knowledge_base: 'Knowledge Base',
  trust_center_updates: 'Trust Center Updates',
  help: 'Help',
};

/** The cards of the grid (every card the 'Re-order cards' dialog lists: not the customer data card). */
export function gridCards(view: PortalView): CardView[] {
  return view.cards.filter(
    (card) => cardKinds[card.kind].section === 'cards' && card.kind !== 'CustomerData',
  );
}

/** A card's name as staff renamed it, or its default title when it is not on the page. */
export function cardTitleOf(view: PortalView, kind: CardKind): string {
  return view.cards.find((card) => card.kind === kind)?.title || cardKinds[kind].title;
}

/** Cards an item of `card` may move to (spec 2 §6): never to itself nor to the special cards. */
export function moveDestinations(view: PortalView, currentKind: CardKind): CardView[] {
  return view.cards.filter((card) => canMoveItem(currentKind, card.kind));
}

/** Items may have an empty title while new; toasts and dialogs still need a name for them. */
export function itemNameOf(title: string): string {
  return title.trim() || 'Untitled item';
}
