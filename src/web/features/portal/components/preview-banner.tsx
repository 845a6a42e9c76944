import { Eye, X } from 'lucide-react';
import type { PortalView } from '../../../../shared/portal';
import { exitPreviewHref } from '../lib/portal-links';

function audienceOf(preview: NonNullable<PortalView['viewer']['preview']>): string {
  const account = preview.accountName ? `the account ${preview.accountName}` : 'an account';
  const profile = preview.permissionProfileName
    ? `the permission profile ${preview.permissionProfileName}`
    : 'a permission profile';
  if (preview.accountId && preview.permissionProfileId) return `${account} with ${profile}`;
  if (preview.accountId) return account;
  if (preview.permissionProfileId) return profile;
  return 'the public';
}

/** Preview mode: staff see what others see, with a clear way back to Main mode. */
export function PreviewBanner({ view, basePath }: { view: PortalView; basePath: string }) {
  const { mode, preview } = view.viewer;
  if (mode !== 'preview' || !preview) return null;
  return (
    <section
      aria-label="Preview"
      className="border-b border-amber-200 bg-amber-50 text-amber-950"
      data-testid="preview-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <Eye className="size-4 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1">
          <span className="font-semibold">{`Previewing as ${audienceOf(preview)}.`}</span>{' '}
          <span className="text-amber-900">This is what they see; editing is off.</span>
        </p>
        <a
          href={exitPreviewHref(view, basePath)}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-semibold underline-offset-4 hover:underline"
        >
          <X className="size-4" aria-hidden />
          Exit preview
        </a>
      </div>
    </section>
  );
}
