import type { ComponentProps } from 'react';
import { classNames } from '../../lib/class-names';

/**
 * Table parts with what every table here shares: full width, small left-aligned text, a line between
 * body rows, header cells scoped to their column. className adds the look of the table at hand.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={classNames('w-full text-start text-sm', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={classNames('divide-y divide-slate-100', className)} {...props} />;
}

/** A column header by default; scope="row" makes it the header of its row. */
export function TableHeaderCell({ scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} {...props} />;
}

// Nothing to add to these yet: the elements themselves, so the public page's bundle pays nothing.
export const TableHead = 'thead';
export const TableRow = 'tr';
export const TableCell = 'td';
