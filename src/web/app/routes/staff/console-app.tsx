import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { ConsoleLayout } from './console-layout';
import { NotFoundPage } from './not-found-page';
import { OverviewPage } from './overview-page';

// Editing code loads when it is opened, not with the console's first screen.
const SettingsPage = lazy(() => import('./settings-page'));

function PageLoading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

const router = createBrowserRouter([
  {
    path: '/console',
    element: <ConsoleLayout />,
    errorElement: (
      <main className="p-8">
        <ErrorBox />
      </main>
    ),
    children: [
      { index: true, element: <OverviewPage /> },
      {
        path: 'settings',
        element: (
          <Suspense fallback={<PageLoading />}>
            <SettingsPage />
          </Suspense>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});

/** The staff console: a client-rendered SPA under /console; signed out, every path shows sign-in. */
export function ConsoleApp() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster position="bottom-right" closeButton />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
