import { Download, Lock } from 'lucide-react';
import { type MouseEvent, useId, useState } from 'react';
import { FileTypeIcon, fileTypeLabel } from '../../../../components/domain/file-type-icon';
import { classNames } from '../../../../lib/class-names';
import type { DocumentEntry } from './document-entries';
import { useDocumentsTexts } from './documents-texts';
import { downloadDocument } from './download-document';

type DocumentTileProps = {
  entry: DocumentEntry;
  /** The portal's name in 'This file is view-only and not downloadable in the {portal}'. */
  portalTitle: string;
  onRequestLogin(itemUid: string): void;
};

type Notice = { text: string; isError: boolean };

type FileEventName = 'file_viewed' | 'file_downloaded' | 'file_requested';

/**
 * First-party analytics (spec 2 §7): the tracker module is already loaded by the portal page, so
 * importing it here keeps it out of this component's first-load bundle without delaying the event.
 */
function trackFileEvent(name: FileEventName, entry: DocumentEntry) {
  void import('../../../../lib/analytics').then(({ trackEvent }) =>
    trackEvent({
      name,
      itemId: entry.itemUid,
      subject: entry.title,
      props: { category: entry.category, ...(entry.file ? { fileId: entry.file.fileId } : {}) },
    }),
  );
}

/**
 * One document: its type, title and lock. The title link opens the file in a new tab (the whole tile
 * is its hit area); the download button saves it, or on a view-only file says why it cannot. What
 * goes wrong, or takes long, is told in the tile, next to the control that was used (spec 2 §8).
 */
export function DocumentTile({ entry, portalTitle, onRequestLogin }: DocumentTileProps) {
  const documentsTexts = useDocumentsTexts();
  const { file } = entry;
  const noticeId = useId();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isDownloading, setDownloading] = useState(false);
  async function download(event: MouseEvent<HTMLAnchorElement>, url: string, fileName: string) {
    event.preventDefault();
    trackFileEvent('file_downloaded', entry);
    if (isDownloading) return;
    setNotice(null);
    setDownloading(true);
    const failure = await downloadDocument(url, fileName, portalTitle, documentsTexts);
    setDownloading(false);
    if (failure) setNotice({ text: failure, isError: true });
  }
  const detail = file
    ? [fileTypeLabel(file.contentType), file.canDownload ? null : documentsTexts.viewOnly]
        .filter(Boolean)
        .join(' · ')
    : documentsTexts.locked;
  return (
    <div
      className={classNames(
        'group/tile relative flex h-full min-w-0 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 transition',
        file && 'hover:border-slate-300 hover:bg-slate-50',
        entry.isLocked && 'bg-slate-50',
      )}
      data-testid="document-tile"
      data-document-key={entry.key}
    >
      {file ? (
        <FileTypeIcon contentType={file.contentType} />
      ) : (
        <span
          aria-hidden
          className="grid size-9 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-600 ring-1 ring-slate-700/10"
        >
          <Lock className="size-4.5" strokeWidth={1.75} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        {file ? (
          <a
            href={file.viewUrl}
            onClick={() => {
              trackFileEvent('file_viewed', entry);
              setNotice(file.isEncrypted ? { text: documentsTexts.encryptedViewing, isError: false } : null);
            }}
            target="_blank"
            rel="noopener noreferrer"
            title={entry.title}
            className="line-clamp-2 text-sm leading-5 font-medium break-words text-slate-900 outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-brand-ink"
          >
            {entry.title}
          </a>
        ) : (
          <p className="line-clamp-2 text-sm leading-5 font-medium break-words text-slate-900">
            {entry.title}
          </p>
        )}
        <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-slate-600">
          {entry.isLocked ? <Lock className="size-3 shrink-0" aria-hidden /> : null}
          {detail}
        </p>
        {notice ? (
          <p
            id={noticeId}
            role={notice.isError ? 'alert' : 'status'}
            className={classNames(
              'relative z-10 mt-1 text-xs leading-4',
              notice.isError ? 'font-medium text-red-700' : 'text-slate-700',
            )}
            data-testid="document-notice"
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      {file?.canDownload && file.downloadUrl ? (
        <a
          href={file.downloadUrl}
          download={file.originalName || true}
          onClick={(event) => void download(event, file.downloadUrl!, file.originalName || entry.title)}
          aria-label={documentsTexts.download(entry.title)}
          aria-busy={isDownloading || undefined}
          title={documentsTexts.download(entry.title)}
          className="relative z-10 grid size-8 shrink-0 place-items-center rounded-md text-slate-500 transition hover:bg-white hover:text-brand-ink hover:shadow-xs"
        >
          <Download className="size-4" aria-hidden />
        </a>
      ) : null}
      {file && !file.canDownload ? (
        <button
          type="button"
          aria-disabled="true"
          aria-label={documentsTexts.download(entry.title)}
          aria-describedby={notice ? noticeId : undefined}
          title={documentsTexts.viewOnlyIn(portalTitle)}
          onClick={() => setNotice({ text: documentsTexts.viewOnlyIn(portalTitle), isError: false })}
          className="relative z-10 grid size-8 shrink-0 cursor-not-allowed place-items-center rounded-md text-slate-400"
          data-testid="view-only-download"
        >
          <Download className="size-4" aria-hidden />
        </button>
      ) : null}
      {entry.isLocked ? (
        <button
          type="button"
          onClick={() => {
            trackFileEvent('file_requested', entry);
            onRequestLogin(entry.itemUid);
          }}
          aria-label={documentsTexts.getAccessTo(entry.title)}
          className="relative z-10 shrink-0 rounded-md px-2.5 py-1.5 text-xs font-semibold text-brand-ink ring-1 ring-brand-ink/30 transition hover:bg-brand-soft"
        >
          {documentsTexts.getAccess}
        </button>
      ) : null}
    </div>
  );
}
