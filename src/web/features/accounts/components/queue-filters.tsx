import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { RequesterType, requesterTypeLabels } from '../../../../shared/access';
import type { AccessRequestPage } from '../../../../shared/access-queue';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { countryName, sourceLabel } from '../lib/format';
import type { QueueView } from '../lib/queue-view';

/** Search waits for a pause in typing before it changes the address (and so the query). */
export function SearchField({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  const latest = useRef(value);
  // Only typing starts a search: a new onSearch (the router's, after any address change) must not
  // re-send the text of the render before "Clear filters" emptied it.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    // Back/Forward, a shared link or Clear filters changed the search: show it.
    if (value !== latest.current) {
      latest.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === latest.current) return;
    const timer = setTimeout(() => {
      latest.current = trimmed;
      search.current(trimmed);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="relative min-w-0 flex-1 basis-64">
      <label htmlFor="queue-search" className="sr-only">
        Search requests
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input
        id="queue-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Name, e-mail, domain or company"
        className="ps-9"
        autoComplete="off"
      />
    </div>
  );
}

type FilterOption = { value: string; label: string };

function FilterLabel({ id, label }: { id: string; label: string }) {
  return (
    <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
      {label}
    </label>
  );
}

function FilterSelect({
  id,
  label,
  anyLabel,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  options: FilterOption[];
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <div>
      <FilterLabel id={id} label={label} />
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

function FilterDate({
  id,
  label,
  value,
  bounds,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  bounds: { min?: string; max?: string };
  onChange(value: string | undefined): void;
}) {
  return (
    <div>
      <FilterLabel id={id} label={label} />
      <Input
        id={id}
        type="date"
        value={value ?? ''}
        {...bounds}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  );
}

const requesterTypeOptions = RequesterType.options.map((type) => ({
  value: type,
  label: requesterTypeLabels[type],
}));
const ndaOptions = [
  { value: 'yes', label: 'Accepted' },
  { value: 'no', label: 'Not accepted' },
];

export function Filters({
  view,
  facets,
  onChange,
}: {
  view: QueueView;
  facets: AccessRequestPage['facets'] | undefined;
  onChange(change: Partial<QueueView>): void;
}) {
  return (
    <fieldset
      id="queue-filters"
      className="grid grid-cols-1 gap-3 rounded-2xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
    >
      <legend className="sr-only">Filters</legend>
      <FilterSelect
        id="filter-product"
        label="Product"
        anyLabel="Any product"
        options={(facets?.products ?? []).map((product) => ({ value: product.id, label: product.name }))}
        value={view.productId}
        onChange={(productId) => onChange({ productId })}
      />
      <FilterSelect
        id="filter-requester-type"
        label="Requester type"
        anyLabel="Any type"
        options={requesterTypeOptions}
        value={view.requesterType}
        onChange={(value) => onChange({ requesterType: value as QueueView['requesterType'] })}
      />
      <FilterSelect
        id="filter-country"
        label="Country"
        anyLabel="Any country"
        options={(facets?.countries ?? []).map((code) => ({ value: code, label: countryName(code) }))}
        value={view.country}
        onChange={(country) => onChange({ country })}
      />
      <FilterSelect
        id="filter-source"
        label="Source"
        anyLabel="Any source"
        options={(facets?.sources ?? []).map((source) => ({ value: source, label: sourceLabel(source) }))}
        value={view.source}
        onChange={(source) => onChange({ source })}
      />
      <FilterDate
        id="filter-from"
        label="Asked from"
        value={view.from}
        bounds={{ max: view.to }}
        onChange={(from) => onChange({ from })}
      />
      <FilterDate
        id="filter-to"
        label="Asked until"
        value={view.to}
        bounds={{ min: view.from }}
        onChange={(to) => onChange({ to })}
      />
      <FilterSelect
        id="filter-nda"
        label="NDA"
        anyLabel="Any"
        options={ndaOptions}
        value={view.hasNda}
        onChange={(value) => onChange({ hasNda: value as QueueView['hasNda'] })}
      />
    </fieldset>
  );
}
