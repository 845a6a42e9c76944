import { LogIn } from 'lucide-react';
import { type MouseEvent, Suspense, useEffect, useState } from 'react';
import type { PortalMember, PortalView } from '../../../../shared/portal';
import { useTranslator } from '../../../lib/i18n';
import { lazyWithPageQuery } from '../../../lib/lazy-with-page-query';
import { followQueryLink } from '../../../lib/portal-query';
import { hasRestrictedContent } from '../lib/restricted-content';
import { accountLabel, MemberTrigger } from './member-trigger';

const AccountMenu = lazyWithPageQuery(() => import('./account-menu'));

type HeaderAccessEntryProps = { view: PortalView; basePath: string };

export const signInHref = '?loginRequest=true&source=header';

const triggerClassName =
  'inline-flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900';

/**
 * The signed-in member's trigger until the menu's code is live. The server renders it alone too: it is
 * the one personal part of a member's page markup, spliced into the page shared by the access shape.
 */
export function MemberButton({ member }: { member: PortalMember }) {
  const translator = useTranslator();
  return (
    <button type="button" className={triggerClassName} aria-label={accountLabel(translator, member)} disabled>
      <MemberTrigger member={member} />
    </button>
  );
}

/**
 * The header's end (spec 1 §2 Header): the account menu for a signed-in member, a quiet 'Sign in' for
 * public visitors when restricted content exists, nothing otherwise.
 */
export function HeaderAccessEntry({ view, basePath }: HeaderAccessEntryProps) {
  const { t } = useTranslator();
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { mode, member } = view.viewer;

  // A signed-in member whose access is not (or no longer) granted is in Public mode; the menu shows their review.
  if (member && (mode === 'account_external' || mode === 'public')) {
    if (!isHydrated) return <MemberButton member={member} />;
    return (
      <Suspense fallback={<MemberButton member={member} />}>
        <AccountMenu view={view} basePath={basePath} />
      </Suspense>
    );
  }

  if (mode !== 'public' || !hasRestrictedContent(view)) return null;
  const openSignIn = (event: MouseEvent<HTMLAnchorElement>) =>
    followQueryLink(event, { requestAccess: null });
  return (
    <a
      href={signInHref}
      onClick={openSignIn}
      title={t('header.signInHint')}
      className={triggerClassName}
      data-testid="header-sign-in"
    >
      <LogIn className="size-4" aria-hidden />
      {t('header.signIn')}
    </a>
  );
}
