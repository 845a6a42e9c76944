import type { TrustCenterImportProblem } from '../../../../shared/trust-center-export';

/** 'Line 12, column 5' or, for a problem of the whole file, 'File'. */
export function problemPlace(problem: TrustCenterImportProblem): string {
  if (problem.line === null) return 'File';
  return problem.column === null ? `Line ${problem.line}` : `Line ${problem.line}, column ${problem.column}`;
}

/** A failed import: what went wrong overall, then every problem at its place in the file. */
export function ImportProblems({
  message,
  problems,
  fileName,
}: {
  message: string;
  problems: TrustCenterImportProblem[];
  fileName: string | null;
}) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      data-testid="trust-center-import-errors"
    >
      <p className="font-medium">
        {fileName ? `${fileName}: ` : ''}
        {message}
      </p>
      {problems.length > 0 ? (
        <ol className="mt-3 max-h-72 space-y-2 overflow-y-auto">
          {problems.map((problem, index) => (
            <li
              // Problems have no id; two can share a place, so the position in the list is part of the key.
              key={`${index}:${problem.line}:${problem.column}:${problem.path}`}
              className="rounded-md bg-white/70 px-3 py-2 ring-1 ring-red-100"
            >
              <span className="font-mono text-xs font-semibold text-red-950">{problemPlace(problem)}</span>
              {problem.path ? (
                <span className="ms-2 font-mono text-xs break-all text-red-800">{problem.path}</span>
              ) : null}
              <span className="mt-0.5 block">{problem.message}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
