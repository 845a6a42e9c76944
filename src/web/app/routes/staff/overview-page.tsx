import { ArrowUpRight, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOrganisationSettings } from '../../../features/staff/api/organisation';
import { useSession } from '../../../features/staff/api/session';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-6 py-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The organisation at a glance and the way to its portal (opened as staff it shows Main mode). */
export function OverviewPage() {
  const session = useSession();
  const settings = useOrganisationSettings();
  const organisation = session.data?.organisation;
  if (!organisation) return null;
  const portalPath = `/${organisation.slug}`;

  return (
    <div className="space-y-8">
      <title>{`Overview | ${organisation.name} | Attest`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Overview</h1>
          <p className="mt-1 text-sm text-slate-600">Your trust center as visitors find it.</p>
        </div>
        <a href={portalPath} className={buttonClassName('primary')} data-testid="view-portal">
          View portal
          <ArrowUpRight className="size-4" aria-hidden />
        </a>
      </div>
      <section
        aria-labelledby="organisation-heading"
        className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200"
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
          <h2 id="organisation-heading" className="text-base font-semibold text-slate-950">
            {organisation.name}
          </h2>
          <Link to="/console/settings" className={buttonClassName('secondary', 'sm')}>
            <Settings className="size-4" aria-hidden />
            Edit settings
          </Link>
        </div>
        {settings.isError ? (
          <div className="p-6">
            <ErrorBox detail={settings.error.message} />
          </div>
        ) : (
          <dl className="divide-y divide-slate-100">
            <Row label="Portal address">
              <a href={portalPath} className="text-brand-ink underline-offset-4 hover:underline">
                {window.location.origin}
                {portalPath}
              </a>
            </Row>
            <Row label="Portal title">
              {settings.data ? settings.data.customisation.portalTitle : <Skeleton className="h-4 w-32" />}
            </Row>
            <Row label="Website">
              {settings.data ? (settings.data.websiteUrl ?? 'Not set') : <Skeleton className="h-4 w-40" />}
            </Row>
            <Row label="Description">
              {settings.data ? (
                settings.data.customisation.description || 'Not set'
              ) : (
                <Skeleton className="h-4 w-full" />
              )}
            </Row>
          </dl>
        )}
      </section>
    </div>
  );
}
