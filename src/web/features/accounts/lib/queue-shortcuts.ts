/** The review queue's single-key shortcuts, as in mail clients: j/k move, x selects, o opens, a/d decide. */
export type QueueShortcut = 'next' | 'previous' | 'toggle-selection' | 'open' | 'approve' | 'decline';

const shortcutKeys: Record<string, QueueShortcut> = {
  j: 'next',
  k: 'previous',
  x: 'toggle-selection',
  o: 'open',
  a: 'approve',
  d: 'decline',
};

/** Typing a name into search must never approve someone: fields and editable text keep their keys. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return Boolean(
    element.isContentEditable ||
      element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]'),
  );
}

export function shortcutOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'defaultPrevented'>,
  isDialogOpen: boolean,
): QueueShortcut | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isDialogOpen) return null;
  if (isTypingTarget(event.target)) return null;
  return shortcutKeys[event.key] ?? null;
}
