import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import type { PlanFeatures } from '../../../../shared/cards';
import { formatLetterDate } from '../../../../shared/dates';
import {
  type BridgeLetterField,
  type BridgeLetterView,
  bridgeLetterErrors,
  bridgeLetterLimits,
  bridgeLettersAllowed,
  bridgeLetterTitles,
} from '../../../../shared/documents';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { Tooltip } from '../../../components/ui/tooltip';
import { isApiError } from '../../../lib/api-client';
import { bridgeLetterQueryKey, saveBridgeLetter } from '../api/bridge-letters-api';
import type { StaffWrite } from '../api/card-editing-api';
import {
  type BridgeLetterDraft,
  isLetterDirty,
  letterDraftFrom,
  letterFileNameDisplay,
} from '../lib/bridge-letter-draft';
import { useCardSavePart } from '../lib/card-save-parts';
import { UpgradeLock } from './upgrade-lock';

// The section is slate-50, the field's own disabled background: the text says it is locked.
const lockedField = 'disabled:cursor-not-allowed disabled:text-slate-500';

type BridgeLetterEditorProps = {
  letter: BridgeLetterView;
  write: StaffWrite;
  planFeatures: PlanFeatures;
};

/**
 * A SOC 1 / SOC 2 report item's bridge letter (spec 2 §3, §5, §9), saved by the card's one Save.
 * Without the plan feature it is locked with the upgrade hint; a stored letter may still be switched off.
 */
export function BridgeLetterEditor({ letter, write, planFeatures }: BridgeLetterEditorProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const isAllowed = bridgeLettersAllowed(planFeatures);
  const [savedView, setSavedView] = useState(letter);
  const saved = letterDraftFrom(savedView);
  const [draft, setDraft] = useState<BridgeLetterDraft>(saved);
  const [touched, setTouched] = useState<ReadonlySet<BridgeLetterField>>(new Set());
  const [wasChecked, setWasChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<BridgeLetterField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const errors = { ...serverErrors, ...bridgeLetterErrors(draft) };
  const isDirty = isLetterDirty(draft, saved);
  const shownError = (field: BridgeLetterField) =>
    wasChecked || touched.has(field) ? errors[field] : undefined;

  useCardSavePart({
    isDirty,
    validate: () => {
      setWasChecked(true);
      return Object.keys(bridgeLetterErrors(draft)).length === 0;
    },
    save: async () => {
      setRefusal(null);
      try {
        const next = await saveBridgeLetter(write, letter.letterType, draft);
        queryClient.setQueryData(bridgeLetterQueryKey(write.productId, letter.letterType), next);
        setSavedView(next);
        setDraft(letterDraftFrom(next));
      } catch (failure) {
        if (isApiError(failure)) {
          setServerErrors(failure.fields);
          if (Object.keys(failure.fields).length === 0) setRefusal(failure.message);
        }
        throw failure;
      }
    },
  });

  function change(field: BridgeLetterField, value: string) {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }
  const touch = (field: BridgeLetterField) => setTouched((previous) => new Set(previous).add(field));
  const isLocked = !isAllowed;
  const title = bridgeLetterTitles[letter.letterType];
  const fileName = letterFileNameDisplay(savedView.fileName);
  const viewUrl = savedView.letterEnabled && !isDirty ? savedView.viewUrl : null;
  // The letter's own date format (spec 2 §9), as printed on it.
  const dated = viewUrl && savedView.letterDate ? formatLetterDate(savedView.letterDate) : null;

  return (
    <section
      className="space-y-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4"
      aria-label={title}
      data-testid="bridge-letter-editor"
      data-letter-type={letter.letterType}
    >
      <div className="flex items-start gap-3">
        <Switch
          id={`${id}-enabled`}
          checked={draft.letterEnabled}
          disabled={isLocked && !saved.letterEnabled}
          onCheckedChange={(letterEnabled) => {
            setDraft((previous) => ({ ...previous, letterEnabled }));
            setRefusal(null);
          }}
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-enabled`} className="text-sm font-medium text-slate-800">
            Enable bridge letter
          </label>
          <p className="text-xs text-slate-500">{title}: a dated letter for those who may see this report.</p>
        </div>
        {isLocked ? <UpgradeLock /> : null}
      </div>
      {draft.letterEnabled ? (
        <>
          <Field id={`${id}-content`} label="Letter Content" error={shownError('letterContent')}>
            <Textarea
              id={`${id}-content`}
              rows={5}
              value={draft.letterContent}
              disabled={isLocked}
              className={lockedField}
              maxLength={bridgeLetterLimits.contentMaxLength}
              onChange={(event) => change('letterContent', event.target.value)}
              onBlur={() => touch('letterContent')}
              isInvalid={Boolean(shownError('letterContent'))}
              aria-describedby={describedBy(`${id}-content`, shownError('letterContent'))}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-signer-name`} label="Signer Name" error={shownError('signerName')}>
              <Input
                id={`${id}-signer-name`}
                value={draft.signerName}
                disabled={isLocked}
                className={lockedField}
                maxLength={bridgeLetterLimits.signerMaxLength}
                autoComplete="name"
                onChange={(event) => change('signerName', event.target.value)}
                onBlur={() => touch('signerName')}
                isInvalid={Boolean(shownError('signerName'))}
                aria-describedby={describedBy(`${id}-signer-name`, shownError('signerName'))}
              />
            </Field>
            <Field id={`${id}-signer-title`} label="Signer Title" error={shownError('signerTitle')}>
              <Input
                id={`${id}-signer-title`}
                value={draft.signerTitle}
                disabled={isLocked}
                className={lockedField}
                maxLength={bridgeLetterLimits.signerMaxLength}
                autoComplete="organization-title"
                onChange={(event) => change('signerTitle', event.target.value)}
                onBlur={() => touch('signerTitle')}
                isInvalid={Boolean(shownError('signerTitle'))}
                aria-describedby={describedBy(`${id}-signer-title`, shownError('signerTitle'))}
              />
            </Field>
          </div>
          <div className="flex items-start gap-3 rounded-lg bg-white px-3 py-2.5 ring-1 ring-slate-200">
            <FileText className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            <div className="min-w-0 flex-1 space-y-1">
              {fileName.isCut ? (
                <Tooltip content={savedView.fileName} delayMs={150}>
                  <button
                    type="button"
                    className="block max-w-full text-left text-sm text-slate-900 [overflow-wrap:anywhere]"
                    data-testid="bridge-letter-file-name"
                  >
                    <span aria-hidden>{fileName.shown}</span>
                    <span className="sr-only">{savedView.fileName}</span>
                  </button>
                </Tooltip>
              ) : (
                <p
                  className="text-sm text-slate-900 [overflow-wrap:anywhere]"
                  data-testid="bridge-letter-file-name"
                >
                  {fileName.shown}
                </p>
              )}
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {dated ? <span className="text-xs text-slate-500">Dated {dated}</span> : null}
                {viewUrl ? (
                  <a
                    href={viewUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-sm font-medium text-brand-ink hover:underline hover:underline-offset-4"
                  >
                    View letter
                    <ExternalLink className="size-3.5" aria-hidden />
                  </a>
                ) : (
                  <span className="text-xs text-slate-500">Generated when the card is saved</span>
                )}
              </div>
            </div>
          </div>
        </>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
