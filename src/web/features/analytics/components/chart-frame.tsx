import { type ReactNode, Suspense, useId, useState } from 'react';
import { buttonClassName } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { classNames } from '../../../lib/class-names';

type Column = { key: string; label: string; numeric?: boolean };

/**
 * A chart with its numbers as a table: screen readers always get the table (visually hidden until
 * "Show data table" is pressed), and the chart itself stays keyboard-usable for sighted users.
 */
export function ChartFrame({
  label,
  hint,
  columns,
  rows,
  chart,
}: {
  label: string;
  hint: string;
  columns: Column[];
  rows: Record<string, ReactNode>[];
  chart: ReactNode;
}) {
  const [isTableShown, setTableShown] = useState(false);
  const tableId = useId();
  const hintId = useId();
  return (
    <figure className="space-y-3" aria-label={label}>
      <p id={hintId} className="text-xs text-slate-600">
        {hint}
      </p>
      <div aria-describedby={hintId}>
        <Suspense fallback={<Skeleton className="h-56 w-full rounded-xl" />}>{chart}</Suspense>
      </div>
      <button
        type="button"
        className={buttonClassName('secondary', 'sm')}
        aria-expanded={isTableShown}
        aria-controls={tableId}
        onClick={() => setTableShown(!isTableShown)}
      >
        {isTableShown ? 'Hide data table' : 'Show data table'}
      </button>
      <div id={tableId} className={classNames(isTableShown ? 'max-h-80 overflow-auto' : 'sr-only')}>
        <Table>
          <caption className="sr-only">{label}</caption>
          <TableHead className="text-xs font-medium text-slate-600">
            <TableRow>
              {columns.map((column) => (
                <TableHeaderCell
                  key={column.key}
                  className={classNames('py-1.5 pe-3', column.numeric && 'text-end')}
                >
                  {column.label}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={index}>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    className={classNames('py-1.5 pe-3', column.numeric && 'text-end tabular-nums')}
                  >
                    {row[column.key]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </figure>
  );
}
