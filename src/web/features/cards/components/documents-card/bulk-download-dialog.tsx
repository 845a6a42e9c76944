import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { FileTypeIcon } from '../../../../components/domain/file-type-icon';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import {
  bulkDownloadBody,
  bulkDownloadPath,
  bulkDownloadReducer,
  initialBulkDownloadState,
  requestBulkDownload,
  selectionKey,
  startFileDownload,
} from './bulk-download';
import type { FileGroup } from './document-entries';
import { useDocumentsTexts } from './documents-texts';

export type BulkDownloadDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  groups: FileGroup[];
  organisationSlug: string;
  productId: string;
  portalTitle: string;
};

/**
 * 'Bulk download' (spec 2 §2): pick documents, download them as one zip. Loaded on first open, so
 * visitors who never use it do not download its code.
 */
export default function BulkDownloadDialog(props: BulkDownloadDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {/* Mounted only while open: reopening starts from idle with a fresh selection (spec 3 §4). */}
      {props.open ? <BulkDownloadContent {...props} /> : null}
    </Dialog>
  );
}

function BulkDownloadContent({
  onOpenChange,
  groups,
  organisationSlug,
  productId,
  portalTitle,
}: BulkDownloadDialogProps) {
  const documentsTexts = useDocumentsTexts();
  const selectAllId = useId();
  const [state, dispatch] = useReducer(bulkDownloadReducer, initialBulkDownloadState);
  const allFiles = useMemo(() => groups.flatMap((group) => group.files), [groups]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [hasUsedSelectAll, setUsedSelectAll] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const namesById = useMemo(
    () => new Map(allFiles.map((file) => [file.fileId, file.title.trim() || file.originalName.trim()])),
    [allFiles],
  );

  // Leaving the dialog while a download runs stops it: nobody is left to receive the zip.
  useEffect(() => () => controller.current?.abort(), []);

  const selectedFiles = allFiles.filter((file) => selected.has(selectionKey(file.itemUid, file.fileId)));
  const selectedCount = selectedFiles.length;
  const isAllSelected = allFiles.length > 0 && selectedCount === allFiles.length;
  const selectAllState = isAllSelected ? true : selectedCount > 0 ? 'indeterminate' : false;

  function toggle(key: string, isChecked: boolean) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (isChecked) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  function toggleAll(isChecked: boolean) {
    setUsedSelectAll(isChecked);
    setSelected(
      isChecked ? new Set(allFiles.map((file) => selectionKey(file.itemUid, file.fileId))) : new Set(),
    );
  }

  async function download() {
    if (selectedFiles.length === 0) return;
    const abort = new AbortController();
    controller.current = abort;
    dispatch({ type: 'begin', count: selectedFiles.length });
    const body = bulkDownloadBody(selectedFiles, productId, hasUsedSelectAll && isAllSelected);
    try {
      const result = await requestBulkDownload(
        bulkDownloadPath(organisationSlug, window.location.search),
        body,
        {
          signal: abort.signal,
        },
      );
      if (abort.signal.aborted) return;
      dispatch({ type: 'finished', result, nameOf: (fileId) => namesById.get(fileId) ?? '' });
      if (result.fileUrl && result.successCount > 0) startFileDownload(result.fileUrl);
    } catch (error) {
      if (abort.signal.aborted) return;
      console.warn(documentsTexts.downloadingFailed, error);
      dispatch({ type: 'failed' });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  function cancel() {
    controller.current?.abort();
    controller.current = null;
    dispatch({ type: 'cancel' });
  }

  const close = () => onOpenChange(false);
  const backLabel = documentsTexts.backTo(portalTitle);

  if (state.status === 'loading') {
    return (
      <DialogContent title={documentsTexts.bulkDownload} hasCloseButton={false}>
        <div className="mt-6 flex flex-col items-center gap-3 py-6 text-center" role="status">
          <LoaderCircle
            className="size-8 animate-spin text-brand-ink motion-reduce:animate-none"
            aria-hidden
          />
          <p className="text-sm text-slate-700">{documentsTexts.preparing(state.count)}</p>
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={cancel}>
            {documentsTexts.cancel}
          </Button>
        </div>
      </DialogContent>
    );
  }

  if (state.status === 'error') {
    return (
      <DialogContent title={documentsTexts.errorTitle} description={documentsTexts.errorText}>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {backLabel}
          </Button>
          <Button onClick={download}>{documentsTexts.tryAgain}</Button>
        </div>
      </DialogContent>
    );
  }

  if (state.status === 'success' || state.status === 'partial_success') {
    return (
      <DialogContent title={documentsTexts.downloadComplete}>
        <div className="mt-4 space-y-4" role="status">
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            {documentsTexts.downloaded(state.successCount)}
          </p>
          {state.status === 'partial_success' ? (
            <div className="rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
              <p className="flex items-start gap-2 text-sm font-medium text-red-800">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {documentsTexts.bulkDownloadFailed(state.failedNames.length)}
              </p>
              <ul
                className="mt-2 list-disc space-y-1 ps-9 text-sm text-red-900"
                data-testid="failed-documents"
              >
                {state.failedNames.map((name, index) => (
                  <li key={`${index}-${name}`}>{name}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <div className="mt-6 flex justify-end">
          <Button onClick={close}>{backLabel}</Button>
        </div>
      </DialogContent>
    );
  }

  return (
    <DialogContent
      title={documentsTexts.bulkDownload}
      description={documentsTexts.bulkDownloadDescription}
      className="sm:max-w-xl"
    >
      <div className="mt-5 rounded-xl ring-1 ring-slate-200">
        <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
          <Checkbox id={selectAllId} checked={selectAllState} onCheckedChange={toggleAll} />
          <label htmlFor={selectAllId} className="flex-1 text-sm font-medium text-slate-900">
            {documentsTexts.selectAll}
          </label>
          <span className="text-xs text-slate-600">
            {documentsTexts.selectedOf(selectedCount, allFiles.length)}
          </span>
        </div>
        <ul
          className="max-h-[50vh] divide-y divide-slate-100 overflow-y-auto"
          data-testid="bulk-download-list"
        >
          {groups.map((group) => (
            <li key={group.itemUid} className="px-4 py-3">
              <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                {group.itemTitle}
              </p>
              <ul className="mt-2 space-y-2">
                {group.files.map((file) => {
                  const key = selectionKey(file.itemUid, file.fileId);
                  const id = `${selectAllId}-${file.fileId}`;
                  return (
                    <li key={key} className="flex items-center gap-3">
                      <Checkbox
                        id={id}
                        checked={selected.has(key)}
                        onCheckedChange={(value) => toggle(key, value)}
                      />
                      <FileTypeIcon contentType={file.contentType} className="size-7 [&_svg]:size-4" />
                      <label htmlFor={id} className="min-w-0 flex-1 text-sm break-words text-slate-800">
                        {file.title.trim() || file.originalName.trim() || documentsTexts.untitled}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-end gap-2">
        {selectedCount === 0 ? (
          <p className="me-auto text-xs text-slate-600">{documentsTexts.selectOne}</p>
        ) : null}
        <Button variant="secondary" onClick={close}>
          {documentsTexts.cancel}
        </Button>
        <Button onClick={download} disabled={selectedCount === 0}>
          {documentsTexts.downloadCount(selectedCount)}
        </Button>
      </div>
    </DialogContent>
  );
}
