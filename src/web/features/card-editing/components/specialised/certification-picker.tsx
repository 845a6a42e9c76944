import { Check, Search } from 'lucide-react';
import { useId, useState } from 'react';
import {
  auditorsWithBadges,
  badgeFor,
  type Certification,
  certificationOfKey,
} from '../../../../../shared/certification-catalogue';
import type { PortalView } from '../../../../../shared/portal';
import { CertificationBadge } from '../../../../components/domain/certification-badge';
import { Input } from '../../../../components/ui/input';
import { classNames } from '../../../../lib/class-names';
import type { ItemDraft } from '../../lib/card-form';
import { editingMessages } from '../../lib/editing-messages';
import { auditorListId } from '../item-draft-fields';

type Standard = { draft: ItemDraft; certification: Certification };

/** The catalogue standards among the card's drafts, in catalogue order as the card lists them. */
export function standardsOf(view: PortalView, drafts: ItemDraft[]): Standard[] {
  const keys = view.specialised?.itemKeys ?? {};
  return drafts.flatMap((draft) => {
    const certification = draft.itemUid ? certificationOfKey(keys[draft.itemUid]) : undefined;
    return certification && !draft.isCustom ? [{ draft, certification }] : [];
  });
}

function matches(certification: Certification, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase('en');
  if (!wanted) return true;
  return [certification.title, certification.slug, certification.explanation, ...certification.badge.lines]
    .join(' ')
    .toLocaleLowerCase('en')
    .includes(wanted);
}

/**
 * The certification catalogue as badges to pick (spec 2 §3): a picked standard is switched on and
 * gets its form below; un-picking switches it off. Badges follow the auditor typed in the form.
 */
export function CertificationPicker({
  view,
  drafts,
  onPick,
}: {
  view: PortalView;
  drafts: ItemDraft[];
  onPick(key: string, isPicked: boolean): void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const standards = standardsOf(view, drafts);
  const shown = standards.filter((standard) => matches(standard.certification, query));
  const pickedCount = standards.filter((standard) => standard.draft.enabledState !== 'NotEnabled').length;
  return (
    <section
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5"
      aria-labelledby={`${id}-title`}
      data-testid="certification-picker"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Standards
        </h3>
        <span className="text-xs font-medium text-slate-600" aria-live="polite">
          {editingMessages.standardsPicked(pickedCount)}
        </span>
      </div>
      <p className="text-sm text-slate-600">{editingMessages.pickStandardsHint}</p>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <label htmlFor={`${id}-search`} className="sr-only">
          Search standards
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={query}
          placeholder="Search standards"
          className="ps-9"
          onChange={(event) => setQuery(event.target.value)}
          // Enter in the search must not save the card's form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      {shown.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">{editingMessages.noStandardsMatch(query)}</p>
      ) : (
        <ul className="grid max-h-[26rem] grid-cols-2 gap-2 overflow-y-auto p-0.5 sm:grid-cols-3 md:grid-cols-4">
          {shown.map(({ draft, certification }) => {
            const isPicked = draft.enabledState !== 'NotEnabled';
            return (
              <li key={draft.key}>
                <button
                  type="button"
                  aria-pressed={isPicked}
                  onClick={() => onPick(draft.key, !isPicked)}
                  data-testid="certification-option"
                  className={classNames(
                    'relative flex h-full w-full flex-col items-center gap-1.5 rounded-lg border bg-white px-2 py-3 text-center text-xs font-medium text-slate-800 transition hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-ink',
                    isPicked ? 'border-brand-ink ring-1 ring-brand-ink' : 'border-slate-200',
                  )}
                >
                  {isPicked ? (
                    <Check
                      className="absolute top-1.5 end-1.5 size-4 rounded-full bg-brand-ink p-0.5 text-white"
                      aria-hidden
                    />
                  ) : null}
                  <span className={classNames(!isPicked && 'opacity-60 grayscale')}>
                    <CertificationBadge badge={badgeFor(certification, draft.auditor)} size={44} />
                  </span>
                  <span className="leading-4 break-words">{certification.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <datalist id={auditorListId}>
        {auditorsWithBadges.map((auditor) => (
          <option key={auditor} value={auditor} />
        ))}
      </datalist>
    </section>
  );
}

/** A picked standard's badge beside its form's title, following the auditor as it is typed. */
export function StandardBadge({ standard }: { standard: Standard | undefined }) {
  if (!standard) return null;
  return (
    <span className={classNames(standard.draft.enabledState === 'WorkInProgress' && 'opacity-50')}>
      <CertificationBadge badge={badgeFor(standard.certification, standard.draft.auditor)} size={44} />
    </span>
  );
}
