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
const UpdatesPage = lazy(() => import('./updates-page'));
const SubscribersPage = lazy(() => import('./subscribers-page'));
const SubprocessorNoticesPage = lazy(() => import('./subprocessor-notices-page'));
const WebhooksPage = lazy(() => import('./webhooks-page'));
const OutgoingMailPage = lazy(() => import('./outgoing-mail-page'));
const DocumentsPage = lazy(() => import('./documents-page'));
const AccessRequestsPage = lazy(() => import('./access-requests-page'));
const AccessAccountsPage = lazy(() => import('./access-accounts-page'));
const AccessAccountDetailPage = lazy(() => import('./access-account-detail-page'));
const AccessPermissionProfilesPage = lazy(() => import('./access-permission-profiles-page'));
const AccessSettingsPage = lazy(() => import('./access-settings-page'));
const KnowledgeBasePage = lazy(() => import('./knowledge-base-page'));
const DomainAndScriptsPage = lazy(() => import('./domain-and-scripts-page'));
const PlanFeaturesPage = lazy(() => import('./plan-features-page'));
const CommentsPage = lazy(() => import('./comments-page'));
const QuestionnairesPage = lazy(() => import('./questionnaires-page'));
const QuestionnaireDraftPage = lazy(() => import('./questionnaire-draft-page'));
const PartnersPage = lazy(() => import('./partners-page'));
const AnalyticsPage = lazy(() => import('./analytics-page'));
const AnalyticsAccountPage = lazy(() => import('./analytics-account-page'));
const AuditLogPage = lazy(() => import('./audit-log-page'));
const StaffUsersPage = lazy(() => import('./staff-users-page'));
const SecurityPage = lazy(() => import('./security-page'));
const ProductsPage = lazy(() => import('./products-page'));

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
        path: 'documents',
        element: (
          <Suspense fallback={<PageLoading />}>
            <DocumentsPage />
          </Suspense>
        ),
      },
      {
        path: 'domain-and-scripts',
        element: (
          <Suspense fallback={<PageLoading />}>
            <DomainAndScriptsPage />
          </Suspense>
        ),
      },
      {
        path: 'comments',
        element: (
          <Suspense fallback={<PageLoading />}>
            <CommentsPage />
          </Suspense>
        ),
      },
      {
        path: 'questionnaires',
        element: (
          <Suspense fallback={<PageLoading />}>
            <QuestionnairesPage />
          </Suspense>
        ),
      },
      {
        path: 'questionnaires/:draftId',
        element: (
          <Suspense fallback={<PageLoading />}>
            <QuestionnaireDraftPage />
          </Suspense>
        ),
      },
      {
        path: 'partners',
        element: (
          <Suspense fallback={<PageLoading />}>
            <PartnersPage />
          </Suspense>
        ),
      },
      {
        path: 'plan-features',
        element: (
          <Suspense fallback={<PageLoading />}>
            <PlanFeaturesPage />
          </Suspense>
        ),
      },
      {
        path: 'settings',
        element: (
          <Suspense fallback={<PageLoading />}>
            <SettingsPage />
          </Suspense>
        ),
      },
      {
        path: 'access-requests',
        element: (
          <Suspense fallback={<PageLoading />}>
            <AccessRequestsPage />
          </Suspense>
        ),
      },
      {
        path: 'accounts',
        element: (
          <Suspense fallback={<PageLoading />}>
            <AccessAccountsPage />
          </Suspense>
        ),
      },
      {
        path: 'accounts/:accountId',
        element: (
          <Suspense fallback={<PageLoading />}>
            <AccessAccountDetailPage />
          </Suspense>
        ),
      },
      {
        path: 'permission-profiles',
        element: (
          <Suspense fallback={<PageLoading />}>
            <AccessPermissionProfilesPage />
          </Suspense>
        ),
      },
      {
        path: 'access-settings',
        element: (
          <Suspense fallback={<PageLoading />}>
            <AccessSettingsPage />
          </Suspense>
        ),
      },
      {
        path: 'updates',
        element: (
          <Suspense fallback={<PageLoading />}>
            <UpdatesPage />
          </Suspense>
        ),
      },
      {
        path: 'subscribers',
        element: (
          <Suspense fallback={<PageLoading />}>
            <SubscribersPage />
          </Suspense>
        ),
      },
      {
        path: 'subprocessor-notices',
        element: (
          <Suspense fallback={<PageLoading />}>
            <SubprocessorNoticesPage />
          </Suspense>
        ),
      },
      {
        path: 'webhooks',
        element: (
          <Suspense fallback={<PageLoading />}>
            <WebhooksPage />
          </Suspense>
        ),
      },
      {
        path: 'mail',
        element: (
          <Suspense fallback={<PageLoading />}>
            <OutgoingMailPage />
          </Suspense>
        ),
      },
      {
        path: 'knowledge-base',
        element: (
          <Suspense fallback={<PageLoading />}>
            <KnowledgeBasePage />
          </Suspense>
        ),
      },
      {
        path: 'analytics',
        element: (
          <Suspense fallback={<PageLoading />}>
            <AnalyticsPage />
          </Suspense>
        ),
      },
      {
        path: 'analytics/accounts/:accountId',
        element: (
          <Suspense fallback={<PageLoading />}>
            <AnalyticsAccountPage />
          </Suspense>
        ),
      },
      {
        path: 'audit-log',
        element: (
          <Suspense fallback={<PageLoading />}>
            <AuditLogPage />
          </Suspense>
        ),
      },
      {
        path: 'security',
        element: (
          <Suspense fallback={<PageLoading />}>
            <SecurityPage />
          </Suspense>
        ),
      },
      {
        path: 'staff-users',
        element: (
          <Suspense fallback={<PageLoading />}>
            <StaffUsersPage />
          </Suspense>
        ),
      },
      {
        path: 'products',
        element: (
          <Suspense fallback={<PageLoading />}>
            <ProductsPage />
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
