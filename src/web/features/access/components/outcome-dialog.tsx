import { useState } from 'react';
import { accessMessages, type ExtendAccessCode } from '../../../../shared/access';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import type { OutcomeDialog as OutcomeDialogKind } from '../lib/access-outcomes';
import { type AccessTexts, useAccessTexts } from '../lib/access-texts';

export type OutcomeDialogState = { kind: OutcomeDialogKind; email: string };

type OutcomeDialogProps = {
  view: PortalView;
  dialog: OutcomeDialogState;
  onClose(): void;
  onChangeEmail(): void;
  /** Access expired: asks again (extends the signed-in account, or queues a renewal for the address). */
  onRequestAgain(): Promise<ExtendAccessCode>;
};

const extendMessages: Partial<Record<ExtendAccessCode, string>> = {
  'already-has-access': accessMessages.alreadyHasAccess,
  'already-requested': accessMessages.alreadyRequested,
  error: accessMessages.extendError,
};

function texts(
  accessTexts: AccessTexts,
  view: PortalView,
  dialog: OutcomeDialogState,
): { title: string; description: string } {
  const organisationName = view.organisation.name;
  switch (dialog.kind) {
    case 'request-sent':
      return {
        title: accessTexts.requestSentTitle,
        description: accessTexts.requestSentText(organisationName),
      };
    case 'check-email':
      return { title: accessTexts.checkEmailTitle, description: accessTexts.checkEmailText(dialog.email) };
    case 'auto-approved':
      return { title: accessTexts.checkEmailTitle, description: accessTexts.autoApprovedText(dialog.email) };
    case 'account-exists':
      return { title: accessTexts.checkEmailTitle, description: accessTexts.accountExistsText(dialog.email) };
    case 'access-expired':
      return {
        title: accessTexts.accessExpiredTitle,
        description: accessTexts.accessExpiredText(organisationName),
      };
    case 'declined':
      return { title: accessTexts.declinedTitle, description: accessTexts.declinedText(organisationName) };
    case 'declined-third-party':
      return {
        title: accessTexts.declinedTitle,
        description: accessTexts.declinedThirdPartyText(organisationName),
      };
    case 'pending':
      return {
        title: accessTexts.pendingTitle,
        description: accessTexts.pendingText(organisationName, dialog.email),
      };
  }
}

/** The dialogs after a login or request (spec 3 §2 'Other dialogs in the access flow', §4). */
export function OutcomeDialog({ view, dialog, onClose, onChangeEmail, onRequestAgain }: OutcomeDialogProps) {
  const accessTexts = useAccessTexts();
  const { title, description } = texts(accessTexts, view, dialog);
  const [extendMessage, setExtendMessage] = useState<string | null>(null);
  const [isExtending, setExtending] = useState(false);
  const backLabel = accessTexts.backTo(view.customisation.portalTitle);

  async function requestAgain() {
    setExtending(true);
    setExtendMessage(null);
    const code = await onRequestAgain();
    setExtending(false);
    if (code !== 'success') setExtendMessage(extendMessages[code] ?? accessMessages.extendError);
  }

  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent title={title} description={description} hasCloseButton={false}>
        <div data-testid={`access-dialog-${dialog.kind}`}>
          {dialog.kind === 'request-sent' ? (
            <p className="mt-3 truncate rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-900 ring-1 ring-slate-200 ring-inset">
              {dialog.email}
            </p>
          ) : null}
          {extendMessage ? (
            <p className="mt-4 text-sm font-medium text-slate-800" role="status">
              {extendMessage}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {dialog.kind === 'request-sent' ? (
              <Button variant="secondary" onClick={onChangeEmail}>
                {accessMessages.changeEmailAddress}
              </Button>
            ) : null}
            {dialog.kind === 'access-expired' ? (
              <>
                <Button variant="secondary" onClick={onClose}>
                  {backLabel}
                </Button>
                <Button onClick={() => void requestAgain()} disabled={isExtending}>
                  {accessTexts.requestAgain}
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>{backLabel}</Button>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
