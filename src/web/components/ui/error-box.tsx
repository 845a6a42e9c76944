import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../../../shared/messages';

/** The generic 'Sorry, an error has occurred.' box; children may add a way forward. */
export function ErrorBox({ detail, children }: { detail?: string | null; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 p-5 text-red-900"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
        <div className="min-w-0 space-y-2">
          <p className="font-medium">{messages.genericError}</p>
          {detail ? (
            <pre className="overflow-x-auto text-xs whitespace-pre-wrap text-red-800">{detail}</pre>
          ) : null}
          {children}
        </div>
      </div>
    </div>
  );
}
