import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CloudUpload } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { LibraryFile } from '../../../../shared/documents';
import { FileTypeIcon, formatFileSize } from '../../../components/domain/file-type-icon';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { classNames } from '../../../lib/class-names';
import { libraryQueryKey, uploadLibraryFile } from '../api/library-api';
import { acceptedFileTypes, uploadProblem } from '../lib/upload-check';

type UploadDialogProps = { open: boolean; onOpenChange(open: boolean): void };

/** 'Upload document': pick or drop one file, checked here first, then sent with a progress bar. */
export function UploadDialog({ open, onOpenChange }: UploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <UploadForm onOpenChange={onOpenChange} /> : null}
    </Dialog>
  );
}

function UploadForm({ onOpenChange }: Omit<UploadDialogProps, 'open'>) {
  const inputId = useId();
  const problemId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [isDragging, setDragging] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    setFile(chosen);
    setProblem(uploadProblem(chosen));
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  async function upload() {
    if (!file || uploadProblem(file)) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress(0);
    setProblem(null);
    try {
      const uploaded: LibraryFile = await uploadLibraryFile(file, {
        onProgress: setProgress,
        signal: abort.signal,
      });
      queryClient.setQueryData<LibraryFile[]>(libraryQueryKey, (files) => [uploaded, ...(files ?? [])]);
      await queryClient.invalidateQueries({ queryKey: libraryQueryKey });
      toast.success(`Uploaded ${uploaded.title}`);
      onOpenChange(false);
    } catch (error) {
      if (abort.signal.aborted) return;
      setProblem(isApiError(error) ? error.message : 'The upload failed. Please try again.');
      setProgress(null);
    } finally {
      controller.current = null;
    }
  }

  const isUploading = progress !== null;
  return (
    <DialogContent
      title="Upload document"
      description="PDF, image, text, CSV, Word, Excel or PowerPoint files up to 50 MB."
    >
      <div className="mt-5 space-y-4">
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={classNames(
            'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition',
            isDragging
              ? 'border-brand-ink bg-brand-soft'
              : 'border-slate-300 hover:border-slate-400 hover:bg-slate-50',
          )}
          data-testid="upload-drop-zone"
        >
          <CloudUpload className="size-8 text-slate-500" aria-hidden />
          <span className="text-sm font-medium text-slate-900">Drop a file here, or choose one</span>
          <span className="text-xs text-slate-600">The file's contents decide its type, not its name.</span>
        </label>
        <input
          id={inputId}
          type="file"
          accept={acceptedFileTypes}
          className="sr-only"
          disabled={isUploading}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {file ? (
          <div className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200">
            <FileTypeIcon contentType={file.type} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
              <p className="text-xs text-slate-600">{formatFileSize(file.size)}</p>
            </div>
          </div>
        ) : null}
        {isUploading ? (
          <div className="space-y-1.5">
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-brand transition-[width]"
                style={{ width: `${progress * 100}%` }}
              />
            </div>
            <p className="text-xs text-slate-600">{Math.round(progress * 100)}% uploaded</p>
          </div>
        ) : null}
        {problem ? (
          <p id={problemId} role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {problem}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={upload} disabled={!file || Boolean(uploadProblem(file)) || isUploading}>
          {isUploading ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
    </DialogContent>
  );
}
