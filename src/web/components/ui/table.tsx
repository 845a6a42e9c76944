import type { ComponentProps } from 'react';
import { classNames } from '../../lib/class-names';

/**
 * Table parts with what every table here shares: full width, small left-aligned text, a line between
 * body rows, header cells scoped to their column. className adds the look of the table at hand.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={classNames('w-full text-left text-sm', className)} {...props} />;
}

export function TableHead(props: ComponentProps<'thead'>) {
  return <thead {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={classNames('divide-y divide-slate-100', className)} {...props} />;
}

export function TableRow(props: ComponentProps<'tr'>) {
  return <tr {...props} />;
}

/** A column header by default; scope="row" makes it the header of its row. */
export function TableHeaderCell({ scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} {...props} />;
}

export function TableCell(props: ComponentProps<'td'>) {
  return <td {...props} />;
}

type TableScrollRegionProps = Omit<ComponentProps<'section'>, 'aria-label' | 'tabIndex'> & {
  /** What the region holds, e.g. the table's caption; screen readers announce it on focus. */
  label: string;
};

/**
 * A labelled region that scrolls a table wider than the screen (a phone at 390 px); it takes focus so
 * a keyboard can scroll it too (axe scrollable-region-focusable).
 */
export function TableScrollRegion({ label, ...props }: TableScrollRegionProps) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
  return <section aria-label={label} tabIndex={0} {...props} />;
}
