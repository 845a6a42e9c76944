/**
 * Features talk to each other through the address bar's query (spec 3 §2): one writes parameters
 * without a reload, another listens. history.replaceState fires no event, so we announce the change.
 */

export const portalQueryChangeEvent = 'attest:query-change';

/** Sets (string) or removes (null) parameters; the path, other parameters and the fragment stay. */
export function writePortalQuery(changes: Record<string, string | null | undefined>): void {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  const next = `${url.pathname}${url.search}${url.hash}`;
  if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.history.replaceState(window.history.state, '', next);
  }
  window.dispatchEvent(new Event(portalQueryChangeEvent));
}

/** Calls back on our own writes and on back/forward navigation; returns the unsubscribe. */
export function onPortalQueryChange(listener: () => void): () => void {
  window.addEventListener(portalQueryChangeEvent, listener);
  window.addEventListener('popstate', listener);
  return () => {
    window.removeEventListener(portalQueryChangeEvent, listener);
    window.removeEventListener('popstate', listener);
  };
}

/**
 * loginRequest=true / requestAccess=true ask for the access modal (spec 3 §2). While they stand, an
 * itemUid in the address names the item access is asked for, not one to open under the modal.
 */
export function isAccessModalRequested(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('loginRequest') === 'true' || params.get('requestAccess') === 'true';
}

type QueryLinkClick = {
  currentTarget: HTMLAnchorElement;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
};

/**
 * A link whose href is only query parameters (`?requestAccess=true&source=banner`) keeps its address
 * for a new tab, but a plain click writes the parameters in place (no reload). `changes` adds or removes more.
 */
export function followQueryLink(
  event: QueryLinkClick,
  changes: Record<string, string | null | undefined> = {},
): void {
  const isModified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  if (event.defaultPrevented || event.button !== 0 || isModified) return;
  event.preventDefault();
  const params = new URL(event.currentTarget.href, window.location.href).searchParams;
  writePortalQuery({ ...Object.fromEntries(params), ...changes });
}
