import type { CardKind } from '../../../../shared/card-kinds';
import {
  CardTitle,
  type CardView,
  cardMessages,
  type EnabledState,
  ExpiryDate,
  ItemLink,
  type ItemPatch,
  ItemTitle,
  type ItemView,
  itemTypeError,
  type PlanFeatures,
} from '../../../../shared/cards';
import { editingMessages } from './editing-messages';

/**
 * The drawer editor's form as plain data: drafts of the card's items, their validation with the
 * shared schemas, and the smallest CardPatch that saves them. Pure, so it is tested without a DOM.
 */

export type ItemDraft = {
  /** Stable React key: the item uid, or a local key while a new custom item is unsaved. */
  key: string;
  itemUid: string | null;
  isCustom: boolean;
  title: string;
  enabledState: EnabledState;
  isPublic: boolean;
  isHidden: boolean;
  explanation: string;
  href: string;
  /** One entry per line, as typed. */
  listEntries: string;
  /** yyyy-mm-dd, or '' for none. */
  expiry: string;
  /** The auditor's name, or '' for none; on certifications it picks the badge variant. */
  auditor: string;
  /** The date control holds something that is not a date (it then reports an empty value). */
  isExpiryMalformed: boolean;
  /** Item type, recurrence and maturity as picked, or '' for none. */
  type: string;
  recurrence: string;
  maturity: string;
};

export type CardFormState = { cardTitle: string; items: ItemDraft[] };

export type ItemField = 'title' | 'explanation' | 'href' | 'listEntries' | 'expiry' | 'type';
export type CardFormErrors = {
  cardTitle?: string;
  items: Record<string, Partial<Record<ItemField, string>>>;
};

const listEntryMaxLength = 500;
const listEntriesMax = 100;
const explanationMaxLength = 10_000;

export function itemDraftFrom(item: ItemView): ItemDraft {
  return {
    key: item.itemUid,
    itemUid: item.itemUid,
    isCustom: item.isCustom,
    title: item.title,
    enabledState: item.enabledState,
    isPublic: item.isPublic,
    isHidden: item.isHidden,
    explanation: item.explanation ?? '',
    href: item.href ?? '',
    listEntries: (item.listEntries ?? []).join('\n'),
    expiry: item.expiry?.slice(0, 10) ?? '',
    auditor: item.auditor ?? '',
    isExpiryMalformed: false,
    type: item.type ?? '',
    recurrence: item.recurrence ?? '',
    maturity: item.maturity ?? '',
  };
}

export function cardFormFrom(card: CardView): CardFormState {
  return { cardTitle: card.title, items: card.items.map(itemDraftFrom) };
}

/** A new custom item starts with an empty title (spec 2 §4) and stays local until Save. */
export function newCustomItemDraft(localKey: string): ItemDraft {
  return {
    key: localKey,
    itemUid: null,
    isCustom: true,
    title: '',
    enabledState: 'Enabled',
    isPublic: true,
    isHidden: false,
    explanation: '',
    href: '',
    listEntries: '',
    expiry: '',
    auditor: '',
    isExpiryMalformed: false,
    type: '',
    recurrence: '',
    maturity: '',
  };
}

/** Renaming: custom items always, others with the renaming feature; never on these two cards (spec 2 §5). */
export function canRenameItem(kind: CardKind, isCustom: boolean, planFeatures: PlanFeatures): boolean {
  if (kind === 'Certifications' || kind === 'SecurityGrades') return false;
  return isCustom || planFeatures.cardTitleRenaming;
}

export function listEntriesOf(text: string): string[] {
  return text
    .split('\n')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function itemErrors(kind: CardKind, draft: ItemDraft, planFeatures: PlanFeatures, saved?: ItemDraft) {
  const errors: Partial<Record<ItemField, string>> = {};
  if (canRenameItem(kind, draft.isCustom, planFeatures) && !ItemTitle.safeParse(draft.title).success) {
    errors.title = cardMessages.itemTitleLength;
  }
  if (draft.explanation.length > explanationMaxLength)
    errors.explanation = editingMessages.explanationTooLong;
  const link = draft.href.trim() === '' ? null : ItemLink.safeParse(draft.href);
  if (link && !link.success) errors.href = link.error.issues[0]?.message ?? cardMessages.invalidUrl;
  const entries = listEntriesOf(draft.listEntries);
  if (entries.length > listEntriesMax) errors.listEntries = editingMessages.tooManyListEntries;
  else if (entries.some((entry) => entry.length > listEntryMaxLength)) {
    errors.listEntries = editingMessages.listEntryTooLong;
  }
  if (draft.isExpiryMalformed || (draft.expiry !== '' && !isCalendarDate(draft.expiry))) {
    errors.expiry = cardMessages.invalidExpiry;
  }
  // As the server: an item added or changed must have a type; an untouched saved one keeps what it has.
  const isTouched = !saved || itemPatchFor(kind, draft, saved, planFeatures) !== null;
  const typeError = isTouched
    ? itemTypeError(kind, draft.type === '' ? null : draft.type, draft.isCustom)
    : null;
  if (typeError) errors.type = typeError;
  return errors;
}

function isCalendarDate(value: string): boolean {
  return ExpiryDate.safeParse(value).success;
}

export function validateCardForm(
  kind: CardKind,
  state: CardFormState,
  planFeatures: PlanFeatures,
  savedByUid: ReadonlyMap<string, ItemDraft> = new Map(),
): CardFormErrors {
  const errors: CardFormErrors = { items: {} };
  if (planFeatures.cardTitleRenaming && !CardTitle.safeParse(state.cardTitle).success) {
    errors.cardTitle = cardMessages.cardTitleLength;
  }
  for (const draft of state.items) {
    const saved = draft.itemUid ? savedByUid.get(draft.itemUid) : undefined;
    const found = itemErrors(kind, draft, planFeatures, saved);
    if (Object.keys(found).length > 0) errors.items[draft.key] = found;
  }
  return errors;
}

export function hasFormErrors(errors: CardFormErrors): boolean {
  return errors.cardTitle !== undefined || Object.keys(errors.items).length > 0;
}

/** Only what changed against the saved item, so a save never overwrites fields nobody touched. */
export function itemPatchFor(
  kind: CardKind,
  draft: ItemDraft,
  saved: ItemDraft,
  planFeatures: PlanFeatures,
): ItemPatch | null {
  if (!draft.itemUid) return null;
  const patch: ItemPatch = { itemUid: draft.itemUid };
  const title = draft.title.trim();
  if (canRenameItem(kind, draft.isCustom, planFeatures) && title !== saved.title) patch.title = title;
  if (draft.enabledState !== saved.enabledState) patch.enabledState = draft.enabledState;
  if (draft.explanation !== saved.explanation) patch.explanation = draft.explanation;
  if (draft.href.trim() !== saved.href) patch.href = draft.href.trim();
  const entries = listEntriesOf(draft.listEntries);
  if (entries.join('\n') !== listEntriesOf(saved.listEntries).join('\n')) patch.listEntries = entries;
  if (draft.expiry !== saved.expiry) patch.expiry = draft.expiry === '' ? null : draft.expiry;
  const orNull = (value: string) => (value === '' ? null : value);
  if (draft.type !== saved.type) patch.type = orNull(draft.type);
  if (draft.recurrence !== saved.recurrence)
    patch.recurrence = orNull(draft.recurrence) as ItemPatch['recurrence'];
  if (draft.maturity !== saved.maturity) patch.maturity = orNull(draft.maturity) as ItemPatch['maturity'];
  const auditor = draft.auditor.trim();
  if (auditor !== saved.auditor.trim()) patch.auditor = auditor === '' ? null : auditor;
  if (draft.isPublic !== saved.isPublic) patch.publicAccess = draft.isPublic;
  // Hidden only means something for a restricted item; making it public clears it.
  const isHidden = !draft.isPublic && draft.isHidden;
  if (isHidden !== saved.isHidden) patch.hidden = isHidden;
  return Object.keys(patch).length > 1 ? patch : null;
}

export function itemPatchesFor(
  kind: CardKind,
  state: CardFormState,
  savedByUid: ReadonlyMap<string, ItemDraft>,
  planFeatures: PlanFeatures,
): ItemPatch[] {
  const patches: ItemPatch[] = [];
  for (const draft of state.items) {
    const saved = draft.itemUid ? savedByUid.get(draft.itemUid) : undefined;
    const patch = saved ? itemPatchFor(kind, draft, saved, planFeatures) : null;
    if (patch) patches.push(patch);
  }
  return patches;
}

export function isCardFormDirty(state: CardFormState, initial: CardFormState): boolean {
  return JSON.stringify(state) !== JSON.stringify(initial);
}

export type DuplicateTitle = { itemTitle: string; cardTitle: string };

/**
 * A custom item named like an item of another card (case-insensitive) is usually a duplicate of it:
 * the editor suggests using that item instead (spec 2 §5).
 */
export function findDuplicateTitle(
  title: string,
  cards: readonly CardView[],
  currentKind: CardKind,
): DuplicateTitle | null {
  const wanted = title.trim().toLocaleLowerCase('en');
  if (wanted === '') return null;
  for (const card of cards) {
    if (card.kind === currentKind) continue;
    const match = card.items.find((item) => item.title.trim().toLocaleLowerCase('en') === wanted);
    if (match) return { itemTitle: match.title, cardTitle: card.title };
  }
  return null;
}
