import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { CardView, ItemView } from '../../../../../shared/cards';
import type { PortalView } from '../../../../../shared/portal';
import {
  type GradeBand,
  type GradeEntryInput,
  getGradeDomainError,
  gradeBand,
  gradeEntryErrors,
  gradeMessages,
  providerOfKey,
  type SecurityGradeProvider,
} from '../../../../../shared/security-grade-catalogue';
import { Button } from '../../../../components/ui/button';
import { describedBy, Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api-client';
import { saveSecurityGrade } from '../../api/specialised-editing-api';
import { useCardSavePart } from '../../lib/card-save-parts';
import { fetchScorecardGrade } from '../integrations/integrations-api';

const bandPreview: Record<GradeBand, { label: string; className: string }> = {
  green: { label: 'Green band', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' },
  yellow: { label: 'Yellow band', className: 'bg-amber-50 text-amber-900 ring-amber-600/40' },
  red: { label: 'Red band', className: 'bg-red-50 text-red-800 ring-red-600/30' },
};

/** The colour the visitor's card will give this grade (spec 2 §9), shown while typing. */
function BandPreview({ band }: { band: GradeBand | null }) {
  if (!band) return null;
  return (
    <span
      data-testid="grade-band-preview"
      data-band={band}
      className={`inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-semibold ring-1 ring-inset ${bandPreview[band].className}`}
    >
      {bandPreview[band].label}
    </span>
  );
}

type EntryFormProps = {
  view: PortalView;
  item: ItemView;
  provider: SecurityGradeProvider;
};

/** One provider's entry: display name, the url or domain its provider takes, and the grade. */
function GradeEntryForm({ view, item, provider }: EntryFormProps) {
  const saved = view.specialised?.securityGrades.find((entry) => entry.itemUid === item.itemUid);
  const [savedEntry, setSavedEntry] = useState<GradeEntryInput>({
    displayName: saved?.label ?? provider.displayName,
    url: saved?.url ?? '',
    grade: saved?.grade ?? '',
  });
  const [entry, setEntry] = useState<GradeEntryInput>(savedEntry);
  const [hasSubmitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const id = useId();
  const errors = hasSubmitted ? { ...gradeEntryErrors(provider, entry), ...serverErrors } : serverErrors;
  const save = useMutation({
    mutationFn: () =>
      saveSecurityGrade({ productId: view.product.productId }, item.itemUid, {
        label: entry.displayName,
        url: entry.url,
        grade: entry.grade,
      }),
    onSuccess: () => setSavedEntry(entry),
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const { label, ...rest } = error.fields;
        setServerErrors(label ? { ...rest, displayName: label } : rest);
      } else toast.error(error instanceof ApiError ? error.message : 'Save error');
    },
  });
  // The card's one Save saves this entry when it changed (spec 3 §2: one Save in the drawer).
  useCardSavePart({
    isDirty: JSON.stringify(entry) !== JSON.stringify(savedEntry),
    validate: () => {
      setSubmitted(true);
      // A failed Get Grade's message was about that lookup; Save names what is missing now.
      setServerErrors({});
      return Object.keys(gradeEntryErrors(provider, entry)).length === 0;
    },
    save: async () => {
      await save.mutateAsync();
    },
  });
  const change = (field: keyof GradeEntryInput, value: string) => {
    setServerErrors({});
    setEntry((current) => ({ ...current, [field]: value }));
  };
  // 'Get Grade' (spec 2 §4): 'Getting grade…' while loading, set on success, cleared on failure.
  const getGrade = useMutation({
    mutationFn: () => fetchScorecardGrade(entry.url),
    onMutate: () => setServerErrors({}),
    onSuccess: ({ grade }) => setEntry((current) => ({ ...current, grade })),
    onError: (error) => {
      setEntry((current) => ({ ...current, grade: '' }));
      const message = error instanceof ApiError ? error.message : gradeMessages.badNetwork;
      setServerErrors(error instanceof ApiError && error.fields.url ? { url: message } : { grade: message });
    },
  });
  const requestGrade = () => {
    const urlError = getGradeDomainError(entry.url);
    if (urlError) setServerErrors({ url: urlError });
    else getGrade.mutate();
  };
  const urlLabel = provider.url?.kind === 'domain' ? 'Domain' : 'Link';
  const urlPlaceholder = provider.url?.kind === 'domain' ? 'example.com' : provider.url?.example;

  return (
    <fieldset
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      data-testid="grade-entry-form"
      data-provider={provider.slug}
    >
      <legend className="float-left mb-3 w-full text-sm font-semibold text-slate-900">
        {provider.displayName}
      </legend>
      <Field id={`${id}-name`} label="Display name" error={errors.displayName}>
        <Input
          id={`${id}-name`}
          value={entry.displayName}
          isInvalid={Boolean(errors.displayName)}
          aria-describedby={describedBy(`${id}-name`, errors.displayName)}
          onChange={(event) => change('displayName', event.target.value)}
        />
      </Field>
      {provider.url ? (
        <Field id={`${id}-url`} label={urlLabel} error={errors.url}>
          <Input
            id={`${id}-url`}
            value={entry.url}
            placeholder={urlPlaceholder}
            isInvalid={Boolean(errors.url)}
            aria-describedby={describedBy(`${id}-url`, errors.url)}
            onChange={(event) => change('url', event.target.value)}
          />
        </Field>
      ) : null}
      <Field
        id={`${id}-grade`}
        label="Grade"
        error={errors.grade}
        hint={provider.isFetched && !entry.grade ? gradeMessages.getGradeFirst : undefined}
      >
        <div className="flex flex-wrap items-center gap-2">
          <div className="w-40">
            <Input
              id={`${id}-grade`}
              value={getGrade.isPending ? gradeMessages.gettingGrade : entry.grade}
              placeholder={provider.isFetched ? undefined : provider.gradePlaceholder}
              readOnly={provider.isFetched}
              isInvalid={Boolean(errors.grade)}
              aria-describedby={describedBy(`${id}-grade`, errors.grade)}
              onChange={(event) => change('grade', event.target.value)}
            />
          </div>
          {provider.isFetched ? (
            <Button size="sm" variant="secondary" onClick={requestGrade} disabled={getGrade.isPending}>
              {gradeMessages.getGrade}
            </Button>
          ) : null}
          {getGrade.isPending ? null : (
            <BandPreview
              band={gradeEntryErrors(provider, entry).grade ? null : gradeBand(provider, entry.grade)}
            />
          )}
        </div>
      </Field>
    </fieldset>
  );
}

/** Grade entries of the card's enabled providers (spec 2 §5); switch a provider on below to add it. */
export function SecurityGradesEditor({ view, card }: { view: PortalView; card: CardView }) {
  const keys = view.specialised?.itemKeys ?? {};
  const entries = card.items.flatMap((item) => {
    const provider = providerOfKey(keys[item.itemUid]);
    return provider && item.enabledState !== 'NotEnabled' ? [{ item, provider }] : [];
  });
  if (entries.length === 0) return null;
  return (
    <section className="space-y-3" data-testid="security-grades-editor" aria-label="Grade entries">
      {entries.map(({ item, provider }) => (
        <GradeEntryForm key={item.itemUid} view={view} item={item} provider={provider} />
      ))}
    </section>
  );
}
