import { X } from 'lucide-react';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { accessLimits, accessMessages } from '../../../../shared/access';
import type { PortalView } from '../../../../shared/portal';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { classNames } from '../../../lib/class-names';
import { inviteColleagues } from '../api/access-api';
import { useAccessTexts } from '../lib/access-texts';
import { addEmailTokens, invitePayload, tokenKeys } from '../lib/invite-emails';
import { FieldError } from './form-parts';

type InviteColleaguesDialogProps = { view: PortalView; onClose(): void };

/** The e-mail tokens: typed text becomes an address on Enter, Space, Tab or Comma (spec 3 §2, §5). */
export function EmailTokenInput({
  id,
  emails,
  onEmailsChange,
  error,
  onErrorChange,
  draft,
  onDraftChange,
}: {
  id: string;
  emails: string[];
  onEmailsChange(emails: string[]): void;
  error: string | null;
  onErrorChange(error: string | null): void;
  draft: string;
  onDraftChange(draft: string): void;
}) {
  const accessTexts = useAccessTexts();
  const inputRef = useRef<HTMLInputElement>(null);

  function commit(text: string): boolean {
    if (!text.trim()) return false;
    const result = addEmailTokens(emails, text, accessTexts.inviteTooMany);
    onEmailsChange(result.emails);
    onDraftChange(result.rest);
    onErrorChange(result.error ?? (result.emails.length === 0 ? accessMessages.inviteRequired : null));
    return result.error === null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && draft === '' && emails.length > 0) {
      const next = emails.slice(0, -1);
      onEmailsChange(next);
      onErrorChange(next.length === 0 ? accessMessages.inviteRequired : null);
      return;
    }
    if (!tokenKeys.has(event.key)) return;
    // Tab with nothing typed, or Shift+Tab, keeps moving focus as usual.
    if (event.key === 'Tab' && (event.shiftKey || !draft.trim())) return;
    const isAdded = commit(draft);
    if (event.key !== 'Tab' || isAdded) event.preventDefault();
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    if (!/[\s,]/.test(text)) return;
    event.preventDefault();
    commit(`${draft}${text}`);
  }

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1.5">
      {/* A click anywhere in the box focuses the text input, as in any token field. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the input inside is the keyboard target */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the input inside handles every key */}
      <div
        className={classNames(
          'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-xs',
          'focus-within:border-brand-ink focus-within:outline-2 focus-within:outline-brand-ink',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        onClick={() => inputRef.current?.focus()}
      >
        <ul className="contents" aria-label={accessTexts.inviteAdded}>
          {emails.map((email) => (
            <li
              key={email}
              className="inline-flex max-w-full items-center gap-1 rounded-md bg-brand-soft py-0.5 pe-1 ps-2 text-sm text-slate-900"
              data-testid="invite-email-token"
            >
              <span className="truncate">{email}</span>
              <button
                type="button"
                className="rounded p-0.5 text-slate-600 hover:bg-white/70 hover:text-slate-900"
                aria-label={accessTexts.inviteRemove(email)}
                onClick={() => {
                  const next = emails.filter((entry) => entry !== email);
                  onEmailsChange(next);
                  onErrorChange(next.length === 0 ? accessMessages.inviteRequired : null);
                }}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
        <input
          ref={inputRef}
          id={id}
          type="email"
          inputMode="email"
          autoComplete="off"
          multiple
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          className="h-7 min-w-[10rem] flex-1 border-0 bg-transparent px-1 text-sm text-slate-900 outline-none placeholder:text-slate-400"
          placeholder={emails.length === 0 ? 'colleague@company.com' : ''}
          onChange={(event) => {
            const value = event.target.value;
            // A comma or space typed at the end (mobile keyboards send no key events) confirms too.
            if (/[\s,]$/.test(value)) {
              commit(value);
              return;
            }
            onDraftChange(value);
            onErrorChange(emails.length === 0 && value.trim() === '' ? accessMessages.inviteRequired : null);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => commit(draft)}
        />
      </div>
      {error ? (
        <FieldError id={errorId}>{error}</FieldError>
      ) : (
        <p id={hintId} className="text-xs text-slate-500">
          {accessTexts.inviteEmailsHint}
        </p>
      )}
    </div>
  );
}

/** Invite colleagues (spec 3 §2): a form page, then a success page; failure opens its own modal. */
export default function InviteColleaguesDialog({ view, onClose }: InviteColleaguesDialogProps) {
  const accessTexts = useAccessTexts();
  const id = useId();
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [isSubmitting, setSubmitting] = useState(false);
  const [sentCount, setSentCount] = useState<number | null>(null);
  const [isFailed, setFailed] = useState(false);
  const accountId = view.viewer.member?.accountId;
  const isMessageTooLong = message.trim().length > accessLimits.inviteMessageMaxLength;
  const isInvalid = emails.length === 0 || error !== null || isMessageTooLong || !accountId;

  async function send() {
    if (isInvalid || !accountId) return;
    setSubmitting(true);
    try {
      await inviteColleagues(accountId, invitePayload(emails, message));
      setSentCount(emails.length);
    } catch {
      setFailed(true);
    } finally {
      setSubmitting(false);
    }
  }

  const emailsId = `${id}-emails`;
  const messageId = `${id}-message`;
  return (
    <>
      <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
        {sentCount === null ? (
          <DialogContent
            title={accessTexts.inviteTitle}
            description={accessTexts.inviteSubtitle(view.organisation.name)}
          >
            <form
              className="mt-6 space-y-5"
              noValidate
              data-testid="invite-form"
              onSubmit={(event) => {
                event.preventDefault();
                void send();
              }}
            >
              <div className="space-y-1.5">
                <label htmlFor={emailsId} className="block text-sm font-medium text-slate-800">
                  {accessTexts.inviteEmails}
                </label>
                <EmailTokenInput
                  id={emailsId}
                  emails={emails}
                  onEmailsChange={setEmails}
                  error={error}
                  onErrorChange={setError}
                  draft={draft}
                  onDraftChange={setDraft}
                />
              </div>
              <div className="space-y-1.5">
                <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
                  {accessTexts.inviteMessage}
                </label>
                <Textarea
                  id={messageId}
                  rows={accessLimits.inviteMessageRows}
                  maxLength={accessLimits.inviteMessageMaxLength}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  className="resize-y"
                />
              </div>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={onClose}>
                  {accessTexts.close}
                </Button>
                <Button type="submit" disabled={isInvalid || isSubmitting}>
                  {isSubmitting ? accessTexts.sending : accessTexts.send}
                </Button>
              </div>
            </form>
          </DialogContent>
        ) : (
          <DialogContent
            title={accessTexts.inviteSentTitle}
            description={accessTexts.inviteSentText(sentCount)}
          >
            <div className="mt-6 flex justify-end" data-testid="invite-success">
              <Button onClick={onClose}>{accessTexts.done}</Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
      <AlertDialog
        open={isFailed}
        onOpenChange={setFailed}
        title={accessMessages.inviteFailedTitle}
        description={accessMessages.inviteFailedText}
        cancelLabel={accessTexts.ok}
      />
    </>
  );
}
