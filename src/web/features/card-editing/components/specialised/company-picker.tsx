import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { companyDisplay } from '../../../../../shared/company-catalogue';
import type { Company } from '../../../../../shared/specialised-cards';
import { CompanyLogo } from '../../../../components/domain/company-logo';
import { Input } from '../../../../components/ui/input';
import { classNames } from '../../../../lib/class-names';
import { searchCompanies } from '../../api/specialised-editing-api';

/** Company search waits this long after the last keystroke (spec 2 §9). */
export const companySearchDebounceMs = 200;

export const pickerTexts = {
  required: 'This field is required',
  justUse: (text: string) => `Just use "${text}"`,
  searching: 'Searching…',
} as const;

type CompanyPickerProps = {
  id: string;
  label: string;
  value: Company | null;
  onChange(company: Company | null): void;
  error?: string;
};

/**
 * The company picker (spec 2 §5): a combobox over the built-in companies, searched 200 ms after
 * typing stops, with a 'Just use "{text}"' custom option once the text is longer than 1 character.
 */
export function CompanyPicker({ id, label, value, onChange, error }: CompanyPickerProps) {
  const [text, setText] = useState(value ? companyDisplay(value).name : '');
  const [debounced, setDebounced] = useState(text);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), companySearchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useQuery({
    queryKey: ['company-search', debounced.trim().toLowerCase()],
    queryFn: ({ signal }) => searchCompanies(debounced.trim(), signal),
    enabled: isOpen,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const trimmed = text.trim();
  const options: { key: string; company: Company; label: string }[] = [
    ...(search.data?.companies ?? []).map((known) => ({
      key: known.companyId,
      company: { source: 'addendum' as const, companyId: known.companyId },
      label: known.name,
    })),
    ...(trimmed.length > 1
      ? [
          {
            key: '__custom',
            company: { source: 'custom' as const, name: trimmed },
            label: pickerTexts.justUse(trimmed),
          },
        ]
      : []),
  ];
  const choose = (company: Company) => {
    onChange(company);
    setText(companyDisplay(company).name);
    setOpen(false);
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <div className="flex items-center gap-2">
          {value ? <CompanyLogo company={value} size={25} /> : null}
          <Input
            id={id}
            role="combobox"
            aria-expanded={isOpen}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={isOpen && options[active] ? `${listId}-${active}` : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            autoComplete="off"
            value={text}
            isInvalid={Boolean(error)}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setOpen(true);
              if (value) onChange(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                setOpen(true);
                setActive((index) => Math.min(index + 1, options.length - 1));
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                setActive((index) => Math.max(index - 1, 0));
              } else if (event.key === 'Enter' && isOpen && options[active]) {
                event.preventDefault();
                choose(options[active].company);
              } else if (event.key === 'Escape') {
                setOpen(false);
              }
            }}
          />
        </div>
        {isOpen && options.length > 0 ? (
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            className="absolute z-50 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {options.map((option, index) => (
              <div
                key={option.key}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option.company);
                }}
                className={classNames(
                  'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm text-slate-800',
                  index === active && 'bg-slate-100',
                )}
              >
                <CompanyLogo company={option.company} size={25} />
                {option.label}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
