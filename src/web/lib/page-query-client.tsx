import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';

/**
 * The portal page's one query client, shared by every lazy part that fetches (so they share a cache).
 * It lives in the browser only: lazy parts mount after hydration, never in a server render.
 */
let pageQueryClient: QueryClient | undefined;

export function getPageQueryClient(): QueryClient {
  if (typeof window === 'undefined') throw new Error('the page query client is for the browser only');
  pageQueryClient ??= new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, retry: 1 } },
  });
  return pageQueryClient;
}

/** A part inside another that already has a client (or a test's own client) keeps that one. */
export function PageQueryProvider({ children }: { children: ReactNode }) {
  if (useContext(QueryClientContext)) return children;
  return <QueryClientProvider client={getPageQueryClient()}>{children}</QueryClientProvider>;
}
