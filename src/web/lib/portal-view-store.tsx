import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import type { PortalView } from '../../shared/portal';
import { fetchPortalView } from './portal-view-query';

/**
 * The page model the portal renders from, seeded with what the server rendered, so the first client
 * render matches the HTML. A small store rather than TanStack Query: a first visit then loads no query
 * library at all (decision 316); the lazy parts that fetch get Query with their code (lazyWithPageQuery).
 */
export type PortalViewStore = {
  getView(): PortalView;
  subscribe(listener: () => void): () => void;
  /** Refetches the model for the same viewer; resolves once every component shows it. */
  refresh(): Promise<void>;
};

/** The parameters that make the viewer a preview; a refetch must ask for the same viewer. */
const viewerParameters = ['preview', 'accountId', 'permissionProfileId'] as const;

export function viewerSearch(search: string): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of viewerParameters) {
    const value = current.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

export function createPortalViewStore(
  initialView: PortalView,
  fetchView: (view: PortalView) => Promise<PortalView> = (view) =>
    fetchPortalView(view.organisation.slug, view.product.productId, viewerSearch(window.location.search)),
): PortalViewStore {
  let view = initialView;
  const listeners = new Set<() => void>();
  // Refreshes can overlap (two saves in a row): only the answer to the latest request is kept.
  let latestRequest = 0;
  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async refresh() {
      const request = ++latestRequest;
      const next = await fetchView(view);
      if (request !== latestRequest) return;
      view = next;
      for (const listener of listeners) listener();
    },
  };
}

const PortalViewStoreContext = createContext<PortalViewStore | null>(null);

/** One store per page render (per server render too), so no request ever sees another's model. */
export function PortalViewStoreProvider({
  initialView,
  children,
}: {
  initialView: PortalView;
  children: ReactNode;
}) {
  const [store] = useState(() => createPortalViewStore(initialView));
  return <PortalViewStoreContext.Provider value={store}>{children}</PortalViewStoreContext.Provider>;
}

function usePortalViewStore(): PortalViewStore {
  const store = useContext(PortalViewStoreContext);
  if (!store) throw new Error('usePortalView needs a PortalViewStoreProvider above it');
  return store;
}

export function usePortalView(): PortalView {
  const store = usePortalViewStore();
  return useSyncExternalStore(store.subscribe, store.getView, store.getView);
}

const hasNothingToRefresh = () => Promise.resolve();

/**
 * After a write that changes what the page shows: refetch the model so every card shows it. Outside a
 * portal page (a component rendered on its own) there is no model to refresh.
 */
export function useRefreshPortalView(): () => Promise<void> {
  return useContext(PortalViewStoreContext)?.refresh ?? hasNothingToRefresh;
}
