import { useMutation } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { kbCsvColumns } from '../../../../shared/knowledge-base';
import { kbLimits, kbMessages } from '../../../../shared/knowledge-base-texts';
import { buttonClassName } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { isApiError } from '../../../lib/api-client';
import { exportAddress, importEntries } from '../api/kb-api';
import { readCsvFile } from '../lib/read-csv-file';

type ImportProblem = { message: string; rows: Array<[string, string]> };

/** Rows named by the server ('row 4' → message), in row order. */
export function importRowErrors(fields: Record<string, string>): Array<[string, string]> {
  const rowNumber = (key: string) => Number(key.match(/\d+/)?.[0] ?? Number.MAX_SAFE_INTEGER);
  return Object.entries(fields).sort(([a], [b]) => rowNumber(a) - rowNumber(b));
}

/** CSV import (all rows or none; each bad row listed) and export, with or without a byte-order mark. */
export function KbImportExport({ onImported }: { onImported(): void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [withBom, setWithBom] = useState(true);
  const [problem, setProblem] = useState<ImportProblem | null>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => importEntries(await readCsvFile(file)),
    onSuccess: (result) => {
      setProblem(null);
      toast.success(kbMessages.imported(result.imported));
      onImported();
    },
    onError: (error) => {
      if (isApiError(error)) setProblem({ message: error.message, rows: importRowErrors(error.fields) });
      else
        setProblem({ message: error instanceof Error ? error.message : kbMessages.fileReadFailed, rows: [] });
    },
  });

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div>
        <h2 id={`${inputId}-title`} className="text-base font-semibold text-slate-950">
          Import and export
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          CSV with a header row: {kbCsvColumns.join(', ')}. Question and answer are required; up to{' '}
          {kbLimits.importMaxRows} rows. An import adds every row or none.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          data-testid="kb-import-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
        <label
          htmlFor={inputId}
          className={`${buttonClassName('secondary')} cursor-pointer`}
          aria-disabled={upload.isPending}
        >
          <FileUp className="size-4" aria-hidden />
          {upload.isPending ? 'Importing…' : 'Import CSV'}
        </label>
        <a
          href={exportAddress(withBom)}
          download="knowledge-base.csv"
          className={buttonClassName('secondary')}
        >
          <Download className="size-4" aria-hidden />
          Export CSV
        </a>
        <span className="inline-flex items-center gap-2">
          <Checkbox id={`${inputId}-bom`} checked={withBom} onCheckedChange={setWithBom} />
          <label htmlFor={`${inputId}-bom`} className="text-sm text-slate-700">
            Add a byte-order mark (for Excel)
          </label>
        </span>
      </div>
      {problem ? (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          data-testid="kb-import-errors"
        >
          <p className="font-medium">{problem.message}</p>
          {problem.rows.length > 0 ? (
            <ul className="mt-2 max-h-48 list-disc space-y-0.5 overflow-y-auto ps-5">
              {problem.rows.map(([row, message]) => (
                <li key={row}>
                  <span className="font-medium">{row}</span>: {message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
