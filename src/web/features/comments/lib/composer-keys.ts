import type { KeyboardEvent } from 'react';

/**
 * Spec 2 §2 comments: Ctrl+Enter (⌘+Enter on a Mac) sends; Enter alone is suppressed, so a stray
 * Enter neither sends nor adds a line; Shift+Enter still starts a new line.
 */
export function composerKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
) {
  if (event.key !== 'Enter') return 'none' as const;
  if (event.ctrlKey || event.metaKey) return 'send' as const;
  if (event.shiftKey) return 'none' as const;
  return 'suppress' as const;
}
