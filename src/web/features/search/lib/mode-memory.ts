export type SearchMode = 'search' | 'ask_ai';

const storageKey = 'attest:search-mode';

/** The last mode the visitor used (spec 1 §2 'the last used mode is remembered'). */
export function readRememberedMode(): SearchMode {
  try {
    return window.localStorage.getItem(storageKey) === 'ask_ai' ? 'ask_ai' : 'search';
  } catch {
    // Storage can be blocked (privacy settings); the default mode is then used every time.
    return 'search';
  }
}

export function rememberMode(mode: SearchMode): void {
  try {
    window.localStorage.setItem(storageKey, mode);
  } catch {
    // Not remembered when storage is blocked; the switch still works for this dialog.
  }
}
