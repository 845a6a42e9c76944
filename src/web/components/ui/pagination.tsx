import { ChevronLeft, ChevronRight } from 'lucide-react';
import { translateWithElements, useTranslator } from '../../lib/i18n';
import { buttonClassName } from './button';

type PaginationProps = {
  /** Names the navigation for assistive technology, e.g. 'Trust updates pages'. */
  label: string;
  page: number;
  totalPages: number;
  onPageChange(page: number): void;
  disabled?: boolean;
};

/** Previous / 'Page n of m' / Next; nothing when everything fits on one page. */
export function Pagination({ label, page, totalPages, onPageChange, disabled }: PaginationProps) {
  const translator = useTranslator();
  if (totalPages <= 1) return null;
  const strong = (value: number) => <span className="font-medium text-slate-900">{value}</span>;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <button
        type="button"
        className={buttonClassName('secondary', 'sm')}
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden />
        {translator.t('pagination.previous')}
      </button>
      <p className="text-sm text-slate-600" aria-live="polite">
        {translateWithElements(translator, 'pagination.pageOf', {
          page: strong(page),
          total: strong(totalPages),
        })}
      </p>
      <button
        type="button"
        className={buttonClassName('secondary', 'sm')}
        disabled={disabled || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        {translator.t('pagination.next')}
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </nav>
  );
}
