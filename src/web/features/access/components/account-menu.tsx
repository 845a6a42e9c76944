import { useQuery } from '@tanstack/react-query';
import { Bot, ClipboardList, Download, KeyRound, LogOut, Mail, Send, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { PortalView } from '../../../../shared/portal';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../../../components/ui/menu';
import { apiRequest } from '../../../lib/api-client';
import { useTranslator } from '../../../lib/i18n';
import { writePortalQuery } from '../../../lib/portal-query';
import { downloadSignedNda, fetchNdaStatus, logout, ndaStatusQueryKey } from '../api/member-api';
import { accessEndLabel, reviewStatusLabel } from '../lib/review-status';
import { accountLabel, displayNameOf, MemberTrigger } from './member-trigger';

type AccountMenuProps = { view: PortalView; basePath: string };

// The contract's text, copied so this menu loads no schema code; a test keeps the two equal.
export const ndaDownloadFailedText = 'Failed to download NDA. Please contact support.';
const ndaErrorToastMs = 10_000;

const statusTone: Record<string, string> = {
  approved: 'bg-emerald-500',
  declined: 'bg-red-500',
  pending: 'bg-amber-500',
};

export async function downloadNdaWithToast(organisationSlug: string) {
  try {
    await downloadSignedNda(organisationSlug);
  } catch {
    toast.error(ndaDownloadFailedText, { duration: ndaErrorToastMs });
  }
}

/** The signed-in member's menu (spec 1 §2 Header, spec 3 §6): who, review status, invite, NDA, log out. */
export default function AccountMenu({ view, basePath }: AccountMenuProps) {
  const translator = useTranslator();
  const { t } = translator;
  const member = view.viewer.member;
  const organisationSlug = view.organisation.slug;
  const [isLoggingOut, setLoggingOut] = useState(false);
  // An item that opens a dialog keeps the closing menu from pulling focus back to its trigger, which
  // the dialog would take as a focus outside and close at once.
  const isOpeningDialog = useRef(false);
  const openDialogByQuery = (changes: Record<string, string | null>) => {
    isOpeningDialog.current = true;
    writePortalQuery(changes);
  };
  // Inviting and the NDA belong to members with access (AccountExternal); others see their review.
  const isAuthorised = view.viewer.mode === 'account_external';
  const nda = useQuery({
    queryKey: ndaStatusQueryKey(organisationSlug),
    queryFn: () => fetchNdaStatus(organisationSlug),
    enabled: member !== null && isAuthorised,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // 'Send data to TPRM' shows only when the feature is on and partners exist (spec 2 §6); the TPRM
  // feature's dialog reuses this query key.
  const canSendToTprm = isAuthorised && view.customisation.partnerImportEnabled;
  const partners = useQuery({
    queryKey: ['tprm-partners', organisationSlug],
    queryFn: () =>
      apiRequest<{ partners: unknown[] }>(`/api/statuspage/share/${organisationSlug}/tprm/partners`),
    enabled: member !== null && canSendToTprm,
    retry: false,
  });
  if (!member) return null;
  const review = reviewStatusLabel(translator, member);
  const accessEnd = accessEndLabel(translator, member);
  const canDownloadNda = isAuthorised && nda.data?.provider === 'clickwrap' && nda.data.passed;

  async function logOut() {
    setLoggingOut(true);
    try {
      const redirectTo = await logout();
      window.location.assign(redirectTo ?? (basePath || '/'));
    } catch {
      // The session may already be gone; the portal page shows the public view either way.
      window.location.assign(basePath || '/');
    }
  }

  return (
    // Not modal: the page stays in the accessibility tree, so nothing focusable is hidden from it.
    <Menu modal={false}>
      <MenuTrigger
        className="inline-flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-700 transition hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
        aria-label={accountLabel(translator, member)}
        data-testid="account-menu-trigger"
      >
        <MemberTrigger member={member} />
      </MenuTrigger>
      <MenuContent
        onCloseAutoFocus={(event) => {
          if (isOpeningDialog.current) event.preventDefault();
          isOpeningDialog.current = false;
        }}
      >
        <div className="px-2.5 pt-1.5 pb-2" data-testid="account-menu-identity">
          <p className="truncate text-sm font-semibold text-slate-900">{displayNameOf(member)}</p>
          <p className="truncate text-xs text-slate-600">{member.email}</p>
          <p className="truncate text-xs text-slate-600">{member.accountName}</p>
        </div>
        {review ? (
          <MenuLabel variant="chip" data-testid="account-review-status">
            <span
              aria-hidden
              className={`size-2 rounded-full ${member.isAccessExpired ? statusTone.declined : statusTone[member.reviewStatus]}`}
            />
            {review}
          </MenuLabel>
        ) : null}
        {accessEnd ? (
          <p className="mx-1 mt-1 px-2 py-1 text-xs text-slate-600" data-testid="account-access-end">
            {accessEnd}
          </p>
        ) : null}
        <MenuSeparator />
        {isAuthorised ? (
          <MenuItem onSelect={() => openDialogByQuery({ inviteColleagues: 'true' })}>
            <UserPlus className="size-4 text-slate-500" aria-hidden />
            {t('header.inviteColleagues')}
          </MenuItem>
        ) : (
          <MenuItem
            onSelect={() =>
              writePortalQuery({ loginRequest: 'true', requestAccess: null, source: 'account_menu' })
            }
          >
            <KeyRound className="size-4 text-slate-500" aria-hidden />
            {t('header.requestAccess')}
          </MenuItem>
        )}
        {isAuthorised && view.customisation.questionnairesEnabled ? (
          <MenuItem onSelect={() => openDialogByQuery({ submitQuestionnaire: 'true' })}>
            <ClipboardList className="size-4 text-slate-500" aria-hidden />
            {t('header.submitQuestionnaire')}
          </MenuItem>
        ) : null}
        {canSendToTprm && (partners.data?.partners.length ?? 0) > 0 ? (
          <MenuItem onSelect={() => openDialogByQuery({ sendToTprm: 'true' })}>
            <Send className="size-4 text-slate-500" aria-hidden />
            {t('header.sendToTprm')}
          </MenuItem>
        ) : null}
        {isAuthorised ? (
          <MenuItem onSelect={() => openDialogByQuery({ accessTokens: 'true' })}>
            <Bot className="size-4 text-slate-500" aria-hidden />
            {t('header.accessTokens')}
          </MenuItem>
        ) : null}
        {/* The branded preference page, opened for the member's own (signed-in, so proven) address. */}
        <MenuItem onSelect={() => window.location.assign(`/${organisationSlug}/subscription/mine`)}>
          <Mail className="size-4 text-slate-500" aria-hidden />
          {t('header.updateEmails')}
        </MenuItem>
        {canDownloadNda ? (
          <MenuItem onSelect={() => void downloadNdaWithToast(organisationSlug)}>
            <Download className="size-4 text-slate-500" aria-hidden />
            {t('header.downloadNda')}
          </MenuItem>
        ) : null}
        <MenuSeparator />
        <MenuItem disabled={isLoggingOut} onSelect={() => void logOut()}>
          <LogOut className="size-4 text-slate-500" aria-hidden />
          {t('header.logOut')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
