import type { PortalPageData } from '../../../../shared/page';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { ErrorBox } from '../../../components/ui/error-box';
import { PortalShell } from '../../../features/portal/components/portal-shell';

/** The page rendered on the server and hydrated in the browser from the same data. */
export function PortalPage({ data }: { data: PortalPageData }) {
  return (
    <ErrorBoundary
      fallback={
        <main className="grid min-h-screen place-items-center p-6">
          <ErrorBox />
        </main>
      }
    >
      <PortalShell data={data} />
    </ErrorBoundary>
  );
}
