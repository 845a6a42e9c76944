import { useMutation } from '@tanstack/react-query';
import { AlertCircle, Plus } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { canCardDo } from '../../../../shared/card-kinds';
import { type CardPatch, type CardView, cardMessages } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { AlertDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { useBridgeLetters } from '../api/bridge-letters-api';
import { createCustomItem, patchCard } from '../api/card-editing-api';
import { saveItemFiles, useLibraryFiles } from '../api/documents-editing-api';
import {
  type CardFormState,
  cardFormFrom,
  findDuplicateTitle,
  hasFormErrors,
  type ItemDraft,
  type ItemField,
  isCardFormDirty,
  itemDraftFrom,
  itemPatchesFor,
  newCustomItemDraft,
  validateCardForm,
} from '../lib/card-form';
import { useCardSaveParts } from '../lib/card-save-parts';
import { itemNameOf } from '../lib/editing-labels';
import { editingMessages } from '../lib/editing-messages';
import {
  canCardHaveFiles,
  fileLinksError,
  fileLinksFrom,
  finalFileIds,
  hasAnyFileChanges,
  hasFileChanges,
  linkFile,
  linksOf,
  undoFileChange,
  unlinkFile,
} from '../lib/item-file-links';
import { BridgeLetterEditor } from './bridge-letter-editor';
import { DeleteCustomItemFlow } from './delete-custom-item-flow';
import { CardIntegrationPanel } from './integrations/integration-panel';
import { ItemDraftFields } from './item-draft-fields';
import { ItemFilesField } from './item-files-field';
import { CertificationPicker, StandardBadge, standardsOf } from './specialised/certification-picker';

type DrawerEditorProps = {
  view: PortalView;
  card: CardView;
  onDone(): void;
  onDirtyChange(isDirty: boolean): void;
  /** A specialised card's own content (answers, grades, companies, overview), saved by the same Save. */
  children?: ReactNode;
  /** The item whose fields to bring into view and focus (an item address with ?edit). */
  focusItemUid?: string | null;
};

/**
 * The expanded card in edit mode: every item as a form, the card name with the renaming feature,
 * custom items added and deleted. Save sends only what changed, in one card save.
 */
export function DrawerEditor({
  view,
  card,
  onDone,
  onDirtyChange,
  children,
  focusItemUid,
}: DrawerEditorProps) {
  const cardTitleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const write = { productId: view.product.productId };
  const { planFeatures } = view;
  const [initial, setInitial] = useState(() => cardFormFrom(card));
  const [form, setForm] = useState<CardFormState>(initial);
  // The saved state each item is compared with; new custom items join it once created.
  const savedByUid = useRef(new Map(initial.items.map((draft) => [draft.key, draft])));
  const nextLocalKey = useRef(1);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitCount, setSubmitCount] = useState(0);
  const [rootError, setRootError] = useState<string | null>(null);
  const [itemToDelete, setItemToDelete] = useState<ItemDraft | null>(null);
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);
  const refresh = useRefreshPortalView();
  // Items' file links stay pending until Save (spec 2 §4). Documents card items need a file, so
  // their editor loads the library at once; other cards load it when the picker is first used.
  const isDocuments = card.kind === 'Documents';
  const hasFiles = canCardHaveFiles(card.kind);
  const [wantsLibrary, setWantsLibrary] = useState(isDocuments);
  const [fileLinks, setFileLinks] = useState(() =>
    fileLinksFrom(
      initial.items.map((draft) => draft.key),
      view.documents,
    ),
  );
  const library = useLibraryFiles(hasFiles && wantsLibrary);
  // SOC reports are catalogue items: a card of custom reports only has no letters to place.
  const letters = useBridgeLetters(
    view.product.productId,
    card.kind === 'Reports' && card.items.some((item) => !item.isCustom),
  );

  const parts = useCardSaveParts();
  const isDirty = isCardFormDirty(form, initial) || hasAnyFileChanges(fileLinks) || parts.isDirty;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const errors = validateCardForm(card.kind, form, planFeatures, savedByUid.current);
  const fileErrors = Object.fromEntries(
    form.items.map((draft) => [draft.key, fileLinksError(card.kind, linksOf(fileLinks, draft.key))]),
  );
  const hasFileErrors = Object.values(fileErrors).some(Boolean);
  const isShown = (field: string) => submitCount > 0 || touched.has(field);
  const touch = (field: string) => setTouched((previous) => new Set(previous).add(field));

  // Opened for one item (?edit on its address): its fields, else the form's first field, take focus.
  useEffect(() => {
    if (!focusItemUid) return;
    const form = formRef.current;
    const fieldset = form?.querySelector<HTMLElement>(`[data-item-uid="${CSS.escape(focusItemUid)}"]`);
    fieldset?.scrollIntoView({ block: 'start' });
    (fieldset ?? form)?.querySelector<HTMLElement>('input, select, textarea, button')?.focus({
      preventScroll: true,
    });
  }, [focusItemUid]);

  // After a refused submit, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (submitCount === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  function updateItem(key: string, change: Partial<ItemDraft>) {
    setForm((previous) => ({
      ...previous,
      items: previous.items.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)),
    }));
  }

  function removeItem(key: string) {
    setForm((previous) => ({ ...previous, items: previous.items.filter((draft) => draft.key !== key) }));
  }

  function addCustomItem() {
    const key = `new-${nextLocalKey.current++}`;
    setForm((previous) => ({ ...previous, items: [...previous.items, newCustomItemDraft(key)] }));
  }

  const save = useMutation({
    mutationFn: async (state: CardFormState) => {
      let items = state.items;
      // A new item's files go with its creation, so a documents item never exists without one.
      const linkedAtCreation = new Set<string>();
      for (const draft of state.items) {
        if (draft.itemUid) continue;
        const fileIds = finalFileIds(linksOf(fileLinks, draft.key));
        const created = await createCustomItem(write, card.kind, draft.title.trim(), fileIds);
        linkedAtCreation.add(draft.key);
        savedByUid.current.set(created.itemUid, itemDraftFrom(created));
        // Keep the server's id in the form, so saving again after a failure does not create it twice.
        const withUid = { ...draft, itemUid: created.itemUid };
        items = items.map((candidate) => (candidate.key === draft.key ? withUid : candidate));
        setForm((previous) => ({
          ...previous,
          items: previous.items.map((candidate) => (candidate.key === draft.key ? withUid : candidate)),
        }));
      }
      const patch: CardPatch = {};
      const cardTitle = state.cardTitle.trim();
      if (planFeatures.cardTitleRenaming && cardTitle !== initial.cardTitle) patch.title = cardTitle;
      const itemPatches = itemPatchesFor(card.kind, { ...state, items }, savedByUid.current, planFeatures);
      if (itemPatches.length > 0) patch.items = itemPatches;
      if (Object.keys(patch).length > 0) await patchCard(write, card.kind, patch);
      for (const draft of items) {
        const links = linksOf(fileLinks, draft.key);
        if (draft.itemUid && hasFileChanges(links) && !linkedAtCreation.has(draft.key)) {
          await saveItemFiles(write, draft.itemUid, finalFileIds(links));
        }
      }
      await parts.saveChanged();
    },
    onSuccess: async () => {
      toast.success(cardMessages.cardSaved(card.title));
      onDirtyChange(false);
      onDone();
      await refresh();
    },
    onError: async () => {
      setRootError(cardMessages.saveError);
      await refresh();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitCount((count) => count + 1);
    setRootError(null);
    const arePartsValid = parts.validate();
    if (hasFormErrors(errors) || hasFileErrors || !arePartsValid) return;
    save.mutate(form);
  }

  const cardTitleError = isShown('cardTitle') ? errors.cardTitle : undefined;
  const otherCards = view.cards;
  // Certifications are picked from the catalogue; only picked standards and custom items get a form.
  const isCertifications = card.kind === 'Certifications';
  const standardOfKey = new Map(
    (isCertifications ? standardsOf(view, form.items) : []).map((standard) => [standard.draft.key, standard]),
  );
  const editedItems = isCertifications
    ? form.items.filter((draft) => draft.isCustom || draft.enabledState !== 'NotEnabled')
    : form.items;

  return (
    <parts.Provider>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="flex min-h-full flex-col"
        data-testid="drawer-editor"
      >
        <div className="flex-1 space-y-4 p-4 sm:p-6">
          {children}
          {planFeatures.cardTitleRenaming ? (
            <Field id={cardTitleId} label="Card name" error={cardTitleError}>
              <Input
                id={cardTitleId}
                value={form.cardTitle}
                maxLength={60}
                onChange={(event) => setForm((previous) => ({ ...previous, cardTitle: event.target.value }))}
                onBlur={() => touch('cardTitle')}
                isInvalid={Boolean(cardTitleError)}
                aria-describedby={describedBy(cardTitleId, cardTitleError)}
              />
            </Field>
          ) : null}
          <CardIntegrationPanel view={view} cardKind={card.kind} />
          {isCertifications ? (
            <CertificationPicker
              view={view}
              drafts={form.items}
              onPick={(key, isPicked) =>
                updateItem(key, { enabledState: isPicked ? 'Enabled' : 'NotEnabled' })
              }
            />
          ) : null}
          {editedItems.length === 0 && !children ? (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              {isCertifications ? 'No standards picked yet.' : 'This card has no items yet.'}
            </p>
          ) : null}
          {editedItems.map((draft) => {
            const itemErrors = errors.items[draft.key] ?? {};
            const shownErrors = Object.fromEntries(
              Object.entries(itemErrors).filter(([field]) => isShown(`${draft.key}.${field}`)),
            );
            return (
              <ItemDraftFields
                key={draft.key}
                kind={card.kind}
                draft={draft}
                errors={shownErrors}
                planFeatures={planFeatures}
                duplicate={draft.isCustom ? findDuplicateTitle(draft.title, otherCards, card.kind) : null}
                onChange={(change) => updateItem(draft.key, change)}
                onBlur={(field: ItemField) => touch(`${draft.key}.${field}`)}
                letter={letters
                  .filter((letter) => draft.itemUid !== null && letter.itemUid === draft.itemUid)
                  .map((letter) => (
                    <BridgeLetterEditor
                      key={letter.letterType}
                      letter={letter}
                      write={write}
                      planFeatures={planFeatures}
                    />
                  ))}
                badge={
                  isCertifications ? <StandardBadge standard={standardOfKey.get(draft.key)} /> : undefined
                }
                onDelete={
                  draft.isCustom
                    ? () => (draft.itemUid ? setItemToDelete(draft) : removeItem(draft.key))
                    : undefined
                }
                files={
                  hasFiles ? (
                    <ItemFilesField
                      itemKey={draft.key}
                      itemName={itemNameOf(draft.title)}
                      links={linksOf(fileLinks, draft.key)}
                      library={library.data}
                      isLibraryLoading={wantsLibrary && library.isPending}
                      onNeedLibrary={() => setWantsLibrary(true)}
                      error={submitCount > 0 ? fileErrors[draft.key] : undefined}
                      onLink={(file) => setFileLinks((previous) => linkFile(previous, draft.key, file))}
                      onUnlink={(fileId) =>
                        setFileLinks((previous) => unlinkFile(previous, draft.key, fileId))
                      }
                      onUndo={(fileId) =>
                        setFileLinks((previous) => undoFileChange(previous, draft.key, fileId))
                      }
                    />
                  ) : undefined
                }
              />
            );
          })}
          {canCardDo(card.kind, 'customItems') ? (
            <Button variant="secondary" onClick={addCustomItem} className="w-full border-dashed">
              <Plus className="size-4" aria-hidden />
              Add item
            </Button>
          ) : null}
        </div>
        <div className="sticky bottom-0 space-y-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:px-6">
          {rootError ? (
            <p role="alert" className="flex items-center gap-2 text-sm font-medium text-red-700">
              <AlertCircle className="size-4 shrink-0" aria-hidden />
              {rootError}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              onClick={() => (isDirty ? setConfirmingCancel(true) : onDone())}
              disabled={save.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? cardMessages.saving : 'Save'}
            </Button>
          </div>
        </div>
        <AlertDialog
          open={isConfirmingCancel}
          onOpenChange={setConfirmingCancel}
          title={editingMessages.discardTitle}
          description={editingMessages.discardDescription}
          cancelLabel={editingMessages.keepEditing}
          confirmLabel={editingMessages.discard}
          isDestructive
          onConfirm={() => {
            setConfirmingCancel(false);
            onDirtyChange(false);
            onDone();
          }}
        />
        <DeleteCustomItemFlow
          item={itemToDelete}
          write={write}
          onClose={() => setItemToDelete(null)}
          onDeleted={(draft) => {
            savedByUid.current.delete(draft.key);
            removeItem(draft.key);
            // Deleted on the server: its absence from the form is not an unsaved change.
            setInitial((previous) => ({
              ...previous,
              items: previous.items.filter((candidate) => candidate.key !== draft.key),
            }));
          }}
        />
      </form>
    </parts.Provider>
  );
}
