import type { ReactNode } from 'react';
/** The overview card's text, plain (line breaks kept, never markup). */
export function OverviewText({ body, placeholder }: { body: string; placeholder: ReactNode }) {
  return body.trim() ? (
    <p className="max-w-3xl text-sm leading-6 whitespace-pre-line text-slate-700" data-testid="overview-text">
      {body.trim()}
    </p>
  ) : (
    <p className="text-sm text-slate-600">{placeholder}</p>
  );
}
