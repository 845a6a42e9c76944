import { isSubscribeStatus, type SubscribeStatus } from '../../../../shared/subscription-links';

export type SubscriptionQuery = {
  isSubscribeRequested: boolean;
  subscribeStatus: SubscribeStatus | null;
  unsubscribeToken: string | null;
};

/** The portal's subscription parameters (spec 1 §2): subscribe, subscribeStatus and unsubscribeToken. */
export function readSubscriptionQuery(search: string): SubscriptionQuery {
  const params = new URLSearchParams(search);
  const status = params.get('subscribeStatus');
  return {
    isSubscribeRequested: params.get('subscribe') === 'true',
    subscribeStatus: isSubscribeStatus(status) ? status : null,
    unsubscribeToken: params.get('unsubscribeToken') || null,
  };
}

/** The address without the named parameters; the rest of the query and the fragment stay. */
export function withoutQueryParameters(href: string, names: readonly string[]): string {
  const url = new URL(href);
  for (const name of names) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Removes parameters from the address bar without a navigation or a new history entry. */
export function removeQueryParameters(names: readonly string[]): void {
  window.history.replaceState(window.history.state, '', withoutQueryParameters(window.location.href, names));
}
