import { AlertTriangle, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CardKind } from '../../../../shared/card-kinds';
import {
  type EnabledState,
  itemMaturities,
  itemRecurrences,
  itemTypesByCard,
  type PlanFeatures,
} from '../../../../shared/cards';
import { describedBy, Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Select } from '../../../components/ui/select';
import { Switch } from '../../../components/ui/switch';
import { canRenameItem, type DuplicateTitle, type ItemDraft, type ItemField } from '../lib/card-form';
import { itemNameOf } from '../lib/editing-labels';
import { editingMessages } from '../lib/editing-messages';
import { UpgradeLock } from './upgrade-lock';

const enabledStateOptions: Array<{ value: EnabledState; label: string }> = [
  { value: 'Enabled', label: 'Enabled' },
  { value: 'WorkInProgress', label: 'In Progress' },
  { value: 'NotEnabled', label: 'Not enabled' },
];
const accessOptions = [
  { value: 'public', label: 'Public' },
  { value: 'restricted', label: 'Restricted' },
] as const;

type ItemDraftFieldsProps = {
  kind: CardKind;
  draft: ItemDraft;
  /** Errors to show now (the form decides when a field's error becomes visible). */
  errors: Partial<Record<ItemField, string>>;
  planFeatures: PlanFeatures;
  duplicate: DuplicateTitle | null;
  onChange(change: Partial<ItemDraft>): void;
  onBlur(field: ItemField): void;
  /** Present for custom items, which may be deleted. */
  onDelete?(): void;
  /** The documents card's file links, rendered under the item's fields. */
  files?: ReactNode;
  /** A SOC report's bridge letter, rendered last. */
  letter?: ReactNode;
  /** A picture of the item beside its title (a certification's badge). */
  badge?: ReactNode;
};

/** The choices of a pick-list field; a stored value from elsewhere (an import) stays choosable. */
function choicesWith(values: readonly string[], current: string): string[] {
  return current === '' || values.includes(current) ? [...values] : [...values, current];
}

const recurrenceLabel = (value: string) => (value === 'n/a' ? 'n/a' : `Every ${value}`);

/** Cards whose items name an auditor: reports, and certifications, where it picks the badge variant. */
const auditedKinds = new Set<CardKind>(['Certifications', 'Reports']);

/** The datalist of auditors with badge variants, rendered once by the certifications editor. */
export const auditorListId = 'certification-auditors';

/** One item of the drawer editor: status, access, texts, link, list and expiry. */
export function ItemDraftFields({
  kind,
  draft,
  errors,
  planFeatures,
  duplicate,
  onChange,
  onBlur,
  onDelete,
  files,
  letter,
  badge,
}: ItemDraftFieldsProps) {
  const id = `item-${draft.key}`;
  const name = itemNameOf(draft.title);
  const isRenamable = canRenameItem(kind, draft.isCustom, planFeatures);
  const itemTypes = itemTypesByCard[kind];
  return (
    <fieldset
      className="min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
      data-testid="item-editor"
      data-item-uid={draft.itemUid ?? undefined}
    >
      <legend className="sr-only">{name}</legend>
      <div className="flex items-start gap-3">
        {badge}
        <div className="min-w-0 flex-1">
          {isRenamable ? (
            <Field id={`${id}-title`} label="Item title" error={errors.title}>
              <Input
                id={`${id}-title`}
                value={draft.title}
                maxLength={120}
                autoFocus={draft.itemUid === null}
                placeholder={draft.isCustom ? 'Name this item' : undefined}
                onChange={(event) => onChange({ title: event.target.value })}
                onBlur={() => onBlur('title')}
                isInvalid={Boolean(errors.title)}
                aria-describedby={describedBy(`${id}-title`, errors.title)}
                className="font-semibold"
              />
            </Field>
          ) : (
            <p className="pt-1 text-base font-semibold text-slate-900">{name}</p>
          )}
        </div>
        {onDelete ? (
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete ${name}`}
            className="mt-6 rounded-md p-2 text-slate-500 transition hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {duplicate ? (
        <p
          role="status"
          className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          {editingMessages.duplicateTitle(duplicate.itemTitle, duplicate.cardTitle)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-6 gap-y-4">
        <div className="space-y-1.5">
          <span id={`${id}-state-label`} className="block text-sm font-medium text-slate-800">
            Status
          </span>
          <SegmentedControl
            label="Status"
            labelledBy={`${id}-state-label`}
            value={draft.enabledState}
            options={enabledStateOptions}
            onValueChange={(enabledState) => onChange({ enabledState })}
          />
        </div>
        <div className="space-y-1.5">
          <span id={`${id}-access-label`} className="block text-sm font-medium text-slate-800">
            Access
          </span>
          <SegmentedControl
            label="Access"
            labelledBy={`${id}-access-label`}
            value={draft.isPublic ? 'public' : 'restricted'}
            options={accessOptions}
            onValueChange={(access) => onChange({ isPublic: access === 'public' })}
          />
        </div>
      </div>
      {draft.isPublic ? null : (
        <div className="flex items-start gap-3 rounded-lg bg-slate-50 px-3 py-2.5">
          <Switch
            id={`${id}-hidden`}
            checked={draft.isHidden}
            disabled={!planFeatures.restrictedFiles}
            onCheckedChange={(isHidden) => onChange({ isHidden })}
          />
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-hidden`} className="text-sm font-medium text-slate-800">
              Hidden
            </label>
            <p className="text-xs text-slate-500">{editingMessages.hiddenHint}</p>
          </div>
          {planFeatures.restrictedFiles ? null : <UpgradeLock />}
        </div>
      )}
      <Field id={`${id}-explanation`} label="Explanation" error={errors.explanation}>
        <Textarea
          id={`${id}-explanation`}
          rows={3}
          value={draft.explanation}
          onChange={(event) => onChange({ explanation: event.target.value })}
          onBlur={() => onBlur('explanation')}
          isInvalid={Boolean(errors.explanation)}
          aria-describedby={describedBy(`${id}-explanation`, errors.explanation)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field id={`${id}-href`} label="Link" error={errors.href}>
          <Input
            id={`${id}-href`}
            type="url"
            inputMode="url"
            value={draft.href}
            placeholder="https://"
            onChange={(event) => onChange({ href: event.target.value })}
            onBlur={() => onBlur('href')}
            isInvalid={Boolean(errors.href)}
            aria-describedby={describedBy(`${id}-href`, errors.href)}
          />
        </Field>
        <Field id={`${id}-expiry`} label="Expiration date" error={errors.expiry}>
          <Input
            id={`${id}-expiry`}
            type="date"
            value={draft.expiry}
            onChange={(event) =>
              onChange({ expiry: event.target.value, isExpiryMalformed: event.target.validity.badInput })
            }
            onBlur={(event) => {
              // A date the field cannot hold (02/30/2026) leaves its value '' and fires no change.
              const isMalformed = event.target.validity.badInput;
              if (isMalformed !== Boolean(draft.isExpiryMalformed))
                onChange({ isExpiryMalformed: isMalformed });
              onBlur('expiry');
            }}
            isInvalid={Boolean(errors.expiry)}
            aria-describedby={describedBy(`${id}-expiry`, errors.expiry)}
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {itemTypes ? (
          <Field id={`${id}-type`} label="Item type" error={errors.type}>
            <Select
              id={`${id}-type`}
              value={draft.type}
              onChange={(event) => onChange({ type: event.target.value })}
              onBlur={() => onBlur('type')}
              isInvalid={Boolean(errors.type)}
              aria-describedby={describedBy(`${id}-type`, errors.type)}
            >
              <option value="">Select an item type</option>
              {choicesWith(itemTypes, draft.type).map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field id={`${id}-recurrence`} label="Recurrence">
          <Select
            id={`${id}-recurrence`}
            value={draft.recurrence}
            onChange={(event) => onChange({ recurrence: event.target.value })}
          >
            <option value="">Not set</option>
            {choicesWith(itemRecurrences, draft.recurrence).map((recurrence) => (
              <option key={recurrence} value={recurrence}>
                {recurrenceLabel(recurrence)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-maturity`} label="Maturity">
          <Select
            id={`${id}-maturity`}
            value={draft.maturity}
            onChange={(event) => onChange({ maturity: event.target.value })}
          >
            <option value="">Not set</option>
            {choicesWith(itemMaturities, draft.maturity).map((maturity) => (
              <option key={maturity} value={maturity}>
                {maturity}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {auditedKinds.has(kind) ? (
        <Field
          id={`${id}-auditor`}
          label="Auditor"
          hint={kind === 'Certifications' ? editingMessages.auditorHint : undefined}
        >
          <Input
            id={`${id}-auditor`}
            value={draft.auditor}
            maxLength={100}
            list={kind === 'Certifications' ? auditorListId : undefined}
            placeholder="e.g. Schellman"
            onChange={(event) => onChange({ auditor: event.target.value })}
            aria-describedby={kind === 'Certifications' ? `${id}-auditor-hint` : undefined}
          />
        </Field>
      ) : null}
      <Field
        id={`${id}-list`}
        label="List entries"
        hint={editingMessages.listEntriesHint}
        error={errors.listEntries}
      >
        <Textarea
          id={`${id}-list`}
          rows={2}
          value={draft.listEntries}
          onChange={(event) => onChange({ listEntries: event.target.value })}
          onBlur={() => onBlur('listEntries')}
          isInvalid={Boolean(errors.listEntries)}
          aria-describedby={describedBy(`${id}-list`, errors.listEntries)}
          className="min-h-16"
        />
      </Field>
      {files}
      {letter}
    </fieldset>
  );
}
