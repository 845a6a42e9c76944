/**
 * First-load helpers of the search box: no zod or shared schema imports here, so the header's box
 * adds almost nothing to a visitor's first load. The dialog and its engines load on first use.
 */

export const searchBoxPlaceholder = 'Search items';

/** Ctrl+K, or Cmd+K on a Mac (spec 1 §2). */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

/** A key that types a character into the box (opens the dialog with it). */
export function isTypedCharacter(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}
