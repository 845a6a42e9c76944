import {
  BarChart3,
  Boxes,
  Building2,
  ClipboardList,
  ExternalLink,
  FileText,
  Fingerprint,
  Globe,
  History,
  Inbox,
  KeyRound,
  LayoutDashboard,
  LockKeyhole,
  LogOut,
  MailCheck,
  Megaphone,
  MessageCircleQuestion,
  MessageSquare,
  Scale,
  Send,
  Settings,
  ShieldCheck,
  ToggleRight,
  UserCog,
  UsersRound,
  Webhook,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { toast } from 'sonner';
import type { StaffPermission } from '../../../../shared/permissions';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastClearanceClassName } from '../../../components/ui/toast';
import { PendingRequestsBadge } from '../../../features/accounts/components/pending-requests-badge';
import { useSession, useSignOut } from '../../../features/staff/api/session';
import { StepUpDialog } from '../../../features/staff/components/step-up-dialog';
import { classNames } from '../../../lib/class-names';
import { SignInPage } from './sign-in-page';

const navigation: {
  to: string;
  label: string;
  icon: typeof LayoutDashboard;
  end: boolean;
  needs?: StaffPermission;
}[] = [
  { to: '/console', label: 'Overview', icon: LayoutDashboard, end: true },
  { to: '/console/access-requests', label: 'Access requests', icon: Inbox, end: false },
  { to: '/console/accounts', label: 'Accounts', icon: Building2, end: false },
  { to: '/console/permission-profiles', label: 'Permission profiles', icon: KeyRound, end: false },
  { to: '/console/access-settings', label: 'Access settings', icon: LockKeyhole, end: false },
  { to: '/console/documents', label: 'Documents', icon: FileText, end: false },
  { to: '/console/updates', label: 'Updates', icon: Megaphone, end: false },
  { to: '/console/subscribers', label: 'Subscribers', icon: UsersRound, end: false },
  { to: '/console/subprocessor-notices', label: 'Subprocessor notices', icon: Scale, end: false },
  { to: '/console/webhooks', label: 'Webhooks', icon: Webhook, end: false, needs: 'organisation:manage' },
  { to: '/console/mail', label: 'Outgoing mail', icon: MailCheck, end: false, needs: 'organisation:manage' },
  { to: '/console/knowledge-base', label: 'Knowledge base', icon: MessageCircleQuestion, end: false },
  { to: '/console/comments', label: 'Comments', icon: MessageSquare, end: false },
  { to: '/console/questionnaires', label: 'Questionnaires', icon: ClipboardList, end: false },
  { to: '/console/partners', label: 'TPRM partners', icon: Send, end: false },
  { to: '/console/analytics', label: 'Analytics', icon: BarChart3, end: false },
  { to: '/console/products', label: 'Products', icon: Boxes, end: false },
  { to: '/console/settings', label: 'Settings', icon: Settings, end: false },
  { to: '/console/staff-users', label: 'Staff users', icon: UserCog, end: false },
  { to: '/console/security', label: 'Sign-in security', icon: Fingerprint, end: false },
  { to: '/console/audit-log', label: 'Audit log', icon: History, end: false, needs: 'organisation:manage' },
  { to: '/console/domain-and-scripts', label: 'Domain and scripts', icon: Globe, end: false },
  { to: '/console/plan-features', label: 'Plan features', icon: ToggleRight, end: false },
];

function LoadingShell() {
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-8" aria-busy="true">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/** Signed in: the console frame with navigation; signed out: the sign-in page at any console path. */
export function ConsoleLayout() {
  const session = useSession();
  const signOut = useSignOut();

  if (session.isPending) return <LoadingShell />;
  if (session.isError) {
    return (
      <main className="p-8">
        <ErrorBox detail={session.error.message} />
      </main>
    );
  }
  if (!session.data) return <SignInPage />;
  const { staff, organisation } = session.data;

  return (
    <div className="min-h-screen bg-slate-50">
      <aside className="border-b border-slate-200 bg-white lg:fixed lg:inset-y-0 lg:start-0 lg:w-64 lg:overflow-y-auto lg:border-e lg:border-b-0 lg:pb-4">
        <div className="flex h-16 items-center gap-2 px-5">
          <ShieldCheck className="size-6 text-brand-ink" aria-hidden />
          <span className="text-lg font-semibold tracking-tight text-slate-950">Attest</span>
          <span className="ms-1 truncate rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
            {organisation.name}
          </span>
        </div>
        <nav aria-label="Console" className="flex gap-1 overflow-x-auto px-3 pb-3 lg:flex-col lg:pb-0">
          {navigation
            .filter((item) => !item.needs || staff.permissions.includes(item.needs))
            .map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  classNames(
                    'inline-flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition',
                    isActive
                      ? 'bg-brand-soft text-brand-ink'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <item.icon className="size-4" aria-hidden />
                {item.label}
                {item.to === '/console/access-requests' ? <PendingRequestsBadge /> : null}
              </NavLink>
            ))}
          <a
            href={`/${organisation.slug}`}
            className="inline-flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
          >
            <ExternalLink className="size-4" aria-hidden />
            View portal
          </a>
        </nav>
      </aside>
      <div className="min-w-0 lg:ps-64">
        <header className="flex h-16 items-center justify-end gap-3 border-b border-slate-200 bg-white px-4 sm:px-6 lg:px-8">
          <span className="min-w-0 truncate text-sm text-slate-600">
            Signed in as{' '}
            <NavLink
              to="/console/security"
              className="font-medium text-slate-900 underline-offset-2 hover:underline"
              title="Sign-in security"
            >
              {staff.name}
            </NavLink>
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onError: () => toast.error('Signing out failed; you were signed out here.'),
              })
            }
          >
            <LogOut className="size-4" aria-hidden />
            Sign out
          </Button>
        </header>
        <main className={`mx-auto max-w-5xl px-4 pt-8 sm:px-6 lg:px-8 ${toastClearanceClassName}`}>
          <Outlet />
        </main>
        <StepUpDialog />
      </div>
    </div>
  );
}
