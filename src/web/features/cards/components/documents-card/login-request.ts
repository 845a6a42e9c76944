/**
 * Asks for the access modal without a reload (spec 3 §2): the query names the login tab, the source
 * and the item; the access feature reads the address on popstate, so we announce the change that way.
 */
export function requestLoginForItem(itemUid: string) {
  const url = new URL(window.location.href);
  url.searchParams.set('loginRequest', 'true');
  url.searchParams.set('source', 'documents');
  url.searchParams.set('itemUid', itemUid);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}
