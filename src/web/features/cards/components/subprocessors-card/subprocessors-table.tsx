import { ChevronDown, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { companyDisplay } from '../../../../../shared/company-catalogue';
import type { Subprocessor } from '../../../../../shared/specialised-cards';
import { CompanyLogo } from '../../../../components/domain/company-logo';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../../components/ui/table';
import { classNames } from '../../../../lib/class-names';
import { type SpecialisedTexts, useSpecialisedTexts } from '../../lib/specialised';

/** At most this many logos in the collapsed card's avatar stack (spec 2 §9). */
export const avatarStackSize = 5;

type Column = 'purpose' | 'location' | 'additionalDetails';
function columnsOf(specialisedTexts: SpecialisedTexts): { key: Column; label: string }[] {
  return [
    { key: 'purpose', label: specialisedTexts.columns.purpose },
    { key: 'location', label: specialisedTexts.columns.location },
    { key: 'additionalDetails', label: specialisedTexts.columns.details },
  ];
}

export function matchesSubprocessor(subprocessor: Subprocessor, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const display = companyDisplay(subprocessor.company);
  return [
    display.name,
    display.domain ?? '',
    subprocessor.purpose,
    subprocessor.location,
    subprocessor.additionalDetails,
  ]
    .join('\n')
    .toLowerCase()
    .includes(needle);
}

/**
 * The subprocessors card (spec 2 §2): collapsed, an avatar stack of up to 5 logos and the count;
 * opened in place, a search and a read-only table of every row (no pagination), empty columns
 * hidden and the company column pinned while the table scrolls sideways on wide screens.
 */
export function SubprocessorsTable({ subprocessors }: { subprocessors: Subprocessor[] }) {
  const specialisedTexts = useSpecialisedTexts();
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const tableId = useId();
  const searchId = useId();
  const rows = useMemo(
    () => subprocessors.filter((subprocessor) => matchesSubprocessor(subprocessor, query)),
    [subprocessors, query],
  );
  const shownColumns = columnsOf(specialisedTexts).filter((column) =>
    subprocessors.some((row) => row[column.key].trim()),
  );
  return (
    <div className="space-y-3">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={tableId}
        onClick={() => setOpen((open) => !open)}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-2 rounded-lg text-start text-sm font-medium text-slate-800 hover:text-brand-ink"
      >
        {/* Logos side by side, never over each other: a monogram covered by its neighbour is unreadable. */}
        <span className="flex shrink-0 gap-1" data-testid="avatar-stack">
          {subprocessors.slice(0, avatarStackSize).map((subprocessor) => (
            <CompanyLogo key={subprocessor.id} company={subprocessor.company} size={30} />
          ))}
        </span>
        <span className="min-w-0 flex-1 whitespace-nowrap">
          {specialisedTexts.subprocessorCount(subprocessors.length)}
        </span>
        {/* Text and chevron wrap together to the next line when the row is full, inside the card. */}
        <span className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap text-brand-ink">
          {isOpen ? specialisedTexts.showLess : specialisedTexts.showAll}
          <ChevronDown aria-hidden className={classNames('size-4 transition', isOpen && 'rotate-180')} />
        </span>
      </button>
      <div id={tableId} hidden={!isOpen} className="space-y-3">
        <div className="relative max-w-md">
          <label htmlFor={searchId} className="sr-only">
            {specialisedTexts.searchSubprocessors}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={specialisedTexts.searchSubprocessors}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white pe-3 ps-9 text-sm text-slate-900 placeholder:text-slate-500"
          />
        </div>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600" role="status">
            {specialisedTexts.noResults}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <Table className="min-w-full" data-testid="subprocessors-table">
              <TableHead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <TableRow>
                  <TableHeaderCell className="bg-slate-50 px-4 py-2.5 md:sticky md:start-0">
                    {specialisedTexts.columns.company}
                  </TableHeaderCell>
                  {shownColumns.map((column) => (
                    <TableHeaderCell key={column.key} className="px-4 py-2.5">
                      {column.label}
                    </TableHeaderCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((subprocessor) => {
                  const display = companyDisplay(subprocessor.company);
                  return (
                    <TableRow key={subprocessor.id} className="align-top">
                      <TableHeaderCell
                        scope="row"
                        className="bg-white px-4 py-3 font-medium text-slate-900 md:sticky md:start-0"
                      >
                        <span className="flex items-center gap-2.5">
                          <CompanyLogo company={subprocessor.company} size={30} />
                          <span className="min-w-32">{display.name}</span>
                        </span>
                      </TableHeaderCell>
                      {shownColumns.map((column) => (
                        <TableCell
                          key={column.key}
                          className="min-w-40 px-4 py-3 whitespace-pre-line text-slate-700"
                        >
                          {subprocessor[column.key]}
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        )}
      </div>
    </div>
  );
}
