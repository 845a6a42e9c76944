import { Eye, LayoutDashboard, PencilLine } from 'lucide-react';
import type { PortalView } from '../../../../shared/portal';
import { buttonClassName } from '../../../components/ui/button';
import { previewAsPublicHref } from '../lib/portal-links';

/** Main mode: who is signed in, whether they can edit, and the ways to the console and to a preview. */
export function StaffToolbar({ view, basePath }: { view: PortalView; basePath: string }) {
  const staff = view.viewer.staff;
  if (view.viewer.mode !== 'main' || !staff) return null;
  return (
    <section aria-label="Staff toolbar" className="bg-slate-900 text-white" data-testid="staff-toolbar">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <span className="inline-flex items-center gap-2 rounded-full bg-white/10 px-2.5 py-0.5 text-xs font-semibold">
          {staff.canEdit ? (
            <>
              <PencilLine className="size-3.5 text-emerald-300" aria-hidden /> Editing
            </>
          ) : (
            <>
              <Eye className="size-3.5 text-slate-300" aria-hidden /> View only
            </>
          )}
        </span>
        <span className="min-w-0 truncate text-slate-300">
          Signed in as <span className="font-medium text-white">{staff.name}</span>
        </span>
        <nav aria-label="Staff" className="ms-auto flex items-center gap-2">
          <a href={previewAsPublicHref(view, basePath)} className={buttonClassName('dark', 'sm')}>
            <Eye className="size-4" aria-hidden />
            Preview as public
          </a>
          <a href="/console" className={buttonClassName('dark', 'sm')}>
            <LayoutDashboard className="size-4" aria-hidden />
            Console
          </a>
        </nav>
      </div>
    </section>
  );
}
