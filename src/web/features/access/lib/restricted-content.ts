import type { PortalView } from '../../../../shared/portal';

/**
 * Whether a public visitor has something to sign in for: a locked item on the page, or an access
 * level that hides restricted items altogether (spec 3 §6).
 */
export function hasRestrictedContent(view: PortalView): boolean {
  if (view.customisation.publicAccessLevel !== 'full') return true;
  return view.cards.some((card) => card.items.some((item) => item.isLocked));
}
