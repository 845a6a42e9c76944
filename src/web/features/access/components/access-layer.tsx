import { useState } from 'react';
import type { LoginResult, RequestResult } from '../../../../shared/access';
import { accessMessages } from '../../../../shared/access';
import type { PortalView } from '../../../../shared/portal';
import { readTokenSubject } from '../../../../shared/subscription-links';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { trackEvent } from '../../../lib/analytics';
import { extendAccess, requestAccessAgain } from '../api/access-api';
import { loginOutcomeAction, type OutcomeAction, requestOutcomeAction } from '../lib/access-outcomes';
import { type AccessQuery, type AccessTab, clearAccessTab, writeAccessTab } from '../lib/access-query';
import { useAccessTexts } from '../lib/access-texts';
import { readLastEmail, rememberLastEmail } from '../lib/last-email';
import { LoginForm } from './login-form';
import { OutcomeDialog, type OutcomeDialogState } from './outcome-dialog';
import { RequestForm } from './request-form';

type AccessLayerProps = {
  view: PortalView;
  basePath: string;
  query: AccessQuery;
};

/**
 * The access modal and the dialogs that follow it (spec 3 §2, §4). The tab lives in the address
 * (loginRequest / requestAccess); the e-mail carries over between tabs and dialogs.
 */
export default function AccessLayer({ view, query }: AccessLayerProps) {
  const accessTexts = useAccessTexts();
  const organisationId = view.organisation.id;
  // A signed-in member (whose access is pending, declined or expired) is asked again for their own address.
  const [email, setEmail] = useState(
    () =>
      (query.inviteToken ? readTokenSubject(query.inviteToken) : null) ??
      view.viewer.member?.email ??
      readLastEmail(organisationId),
  );
  const [dialog, setDialog] = useState<OutcomeDialogState | null>(null);
  // Each visit of a tab starts a fresh form with the current e-mail.
  const [formKey, setFormKey] = useState(0);

  const showTab = (tab: AccessTab, withEmail?: string) => {
    if (withEmail !== undefined) setEmail(withEmail);
    setFormKey((key) => key + 1);
    writeAccessTab(tab);
  };

  function apply(action: OutcomeAction, resultEmail: string): 'done' | 'not_work_email' {
    switch (action.kind) {
      case 'success':
        rememberLastEmail(organisationId, resultEmail);
        setEmail(resultEmail);
        clearAccessTab();
        if (action.dialog) setDialog({ kind: action.dialog, email: resultEmail });
        return 'done';
      case 'failure':
        setEmail(resultEmail);
        clearAccessTab();
        setDialog({ kind: action.dialog, email: resultEmail });
        return 'done';
      case 'request-tab':
        showTab('request-access', resultEmail);
        return 'done';
      case 'field-error':
        return 'not_work_email';
      case 'unknown-error':
        throw new Error(accessMessages.unknownError);
    }
  }

  // First-party analytics (spec 3 §7): the outcome and where the visitor came from, never the address.
  const track = (name: 'login' | 'access_requested', outcome: string) =>
    trackEvent({
      name,
      ...(query.itemUid ? { itemId: query.itemUid } : {}),
      props: { outcome, source: query.source },
    });
  const onLoginResult = (result: LoginResult) => {
    track('login', result.outcome);
    return apply(loginOutcomeAction(result.outcome), result.email);
  };
  const onRequestResult = (result: RequestResult) => {
    track('access_requested', result.outcome);
    return apply(requestOutcomeAction(result.outcome), result.email);
  };

  async function requestAgain() {
    const dialogEmail = dialog?.email ?? email;
    const accountId = view.viewer.member?.accountId;
    // A signed-in member extends their account; anyone else asks for the address the dialog names.
    const code = accountId
      ? await extendAccess(accountId)
      : await requestAccessAgain(view.organisation.slug, {
          email: dialogEmail,
          productId: view.product.productId,
        });
    if (code === 'success') setDialog({ kind: 'request-sent', email: dialogEmail });
    return code;
  }

  const isOpen = query.tab !== null;
  const isRequestTab = query.tab === 'request-access';
  return (
    <>
      <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : clearAccessTab())}>
        {isOpen ? (
          <DialogContent
            title={
              isRequestTab
                ? accessMessages.requestAccessTitle
                : accessTexts.loginTitle(view.organisation.name)
            }
            description={
              isRequestTab ? accessTexts.requestSubtitle(view.organisation.name) : accessTexts.loginSubtitle
            }
            className={isRequestTab ? 'max-w-xl' : 'max-w-md'}
          >
            <div data-testid="access-modal" data-tab={query.tab}>
              {isRequestTab ? (
                <RequestForm
                  key={`request-${formKey}`}
                  view={view}
                  query={query}
                  defaultEmail={email}
                  onResult={onRequestResult}
                  onBack={() => showTab('reclaim-access')}
                />
              ) : (
                <LoginForm
                  key={`login-${formKey}`}
                  view={view}
                  defaultEmail={email}
                  inviteToken={query.inviteToken}
                  onResult={onLoginResult}
                  onBack={clearAccessTab}
                  onRequestAccess={(typed) => showTab('request-access', typed)}
                />
              )}
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
      {dialog ? (
        <OutcomeDialog
          key={dialog.kind}
          view={view}
          dialog={dialog}
          onClose={() => setDialog(null)}
          onChangeEmail={() => {
            setDialog(null);
            showTab('reclaim-access', dialog.email);
          }}
          onRequestAgain={requestAgain}
        />
      ) : null}
    </>
  );
}
