import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, FileUp, Link2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import {
  QuestionnaireLink,
  questionnaireFileAccept,
  questionnaireLimits,
  questionnaireMessages,
  questionnaireTexts,
} from '../../../../shared/questionnaires';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { submitQuestionnaireFile, submitQuestionnaireLink } from '../api/questionnaires-api';
import { MemberQuestionnaires } from './member-questionnaires';

type Step = 'entry' | 'upload' | 'link' | 'success';
type Props = { view: PortalView; onClose(): void };

const allowedExtensions = questionnaireFileAccept.split(',');

function scrollToDocuments() {
  const card = document.querySelector<HTMLElement>('[data-card-kind="Documents"]');
  card?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  card?.querySelector<HTMLElement>('h2 button, button, a')?.focus({ preventScroll: true });
}

/** 'Questionnaires can take some time' → upload or link → 'Questionnaire submitted successfully'. */
export default function QuestionnaireDialog({ view, onClose }: Props) {
  const [step, setStep] = useState<Step>('entry');
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldId = useId();
  const slug = view.organisation.slug;
  const submit = useMutation({
    mutationFn: () =>
      step === 'upload' ? submitQuestionnaireFile(slug, file!) : submitQuestionnaireLink(slug, link.trim()),
    onSuccess: () => setStep('success'),
    onError: (failure) => setError(isApiError(failure) ? failure.message : questionnaireTexts.failed),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (step === 'upload') {
      if (!file) return setError(questionnaireMessages.fileTypeNotAllowed);
      const extension = `.${file.name.split('.').pop()?.toLowerCase() ?? ''}`;
      if (!allowedExtensions.includes(extension)) return setError(questionnaireMessages.fileTypeNotAllowed);
      if (file.size > questionnaireLimits.uploadMaxBytes) return setError(questionnaireMessages.fileTooLarge);
      if (file.size === 0) return setError(questionnaireMessages.fileEmpty);
    } else {
      const parsed = QuestionnaireLink.safeParse(link);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    }
    setError(undefined);
    submit.mutate();
  }

  const choose = (next: Step) => {
    setError(undefined);
    setStep(next);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      {step === 'success' ? (
        <DialogContent
          title={questionnaireTexts.successTitle}
          description={questionnaireTexts.successBody}
          hasCloseButton={false}
        >
          <div className="mt-6 flex flex-col items-center gap-4" data-testid="questionnaire-success">
            <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />
            <Button onClick={onClose} className="w-full sm:w-auto">
              {questionnaireTexts.gotIt}
            </Button>
          </div>
        </DialogContent>
      ) : (
        <DialogContent title={questionnaireTexts.entryTitle} description={questionnaireTexts.entryBody}>
          {step === 'entry' ? (
            <div className="mt-6 space-y-4" data-testid="questionnaire-entry">
              <Button
                variant="secondary"
                className="w-full"
                onClick={() => {
                  onClose();
                  // After the dialog's close animation hands focus back to the page.
                  setTimeout(scrollToDocuments, 50);
                }}
              >
                {questionnaireTexts.viewDocuments}
              </Button>
              <p className="text-sm text-slate-700">
                {'Still need one? You can '}
                <button
                  type="button"
                  className="font-semibold text-brand-ink underline underline-offset-2"
                  onClick={() => choose('upload')}
                >
                  {questionnaireTexts.uploadIt}
                </button>
                {' or '}
                <button
                  type="button"
                  className="font-semibold text-brand-ink underline underline-offset-2"
                  onClick={() => choose('link')}
                >
                  {questionnaireTexts.provideLink}
                </button>
                .
              </p>
              <MemberQuestionnaires organisationSlug={slug} />
            </div>
          ) : (
            <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
              {step === 'upload' ? (
                <Field
                  id={fieldId}
                  label={questionnaireTexts.fileLabel}
                  hint={questionnaireTexts.fileHint}
                  error={error}
                >
                  <div className="flex items-center gap-2">
                    <FileUp className="size-5 shrink-0 text-slate-500" aria-hidden />
                    <input
                      id={fieldId}
                      type="file"
                      accept={questionnaireFileAccept}
                      aria-describedby={describedBy(fieldId, error)}
                      aria-invalid={Boolean(error) || undefined}
                      className="block w-full text-sm text-slate-700 file:me-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800"
                      onChange={(event) => {
                        setFile(event.target.files?.[0] ?? null);
                        setError(undefined);
                      }}
                    />
                  </div>
                </Field>
              ) : (
                <Field id={fieldId} label={questionnaireTexts.linkLabel} error={error}>
                  <div className="flex items-center gap-2">
                    <Link2 className="size-5 shrink-0 text-slate-500" aria-hidden />
                    <Input
                      id={fieldId}
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      value={link}
                      isInvalid={Boolean(error)}
                      aria-describedby={describedBy(fieldId, error)}
                      onChange={(event) => {
                        setLink(event.target.value);
                        setError(undefined);
                      }}
                    />
                  </div>
                </Field>
              )}
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={() => choose('entry')}>
                  {questionnaireTexts.back}
                </Button>
                <Button type="submit" disabled={submit.isPending}>
                  {questionnaireTexts.submit}
                </Button>
              </div>
            </form>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
