import { Star } from 'lucide-react';
import type { KbHit } from '../../../../shared/knowledge-base';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '../../../components/ui/table';
import { classNames } from '../../../lib/class-names';
import { accessLabel, formatKbDate } from '../lib/kb-format';
import { useKbTexts } from '../lib/kb-texts';

type KbGridProps = {
  hits: KbHit[];
  /** Public viewers see Details and Comment only (spec 3 §6). */
  isPublic: boolean;
  selectedId: string | null;
  /** Null on small screens: a row click does nothing there (spec 3 §2). */
  onRowOpen: ((hit: KbHit) => void) | null;
};

/**
 * The knowledge base grid: favorite, Details, Comment, Access, Date added, Last modified. Every column
 * but Details has a fixed width and the table's minimum is their sum, so a narrow space (a phone, the
 * details panel open) scrolls the grid sideways instead of squeezing a column to nothing. Comment shows
 * only when an entry on the page has one (decision 263).
 */
export function KbGrid({ hits, isPublic, selectedId, onRowOpen }: KbGridProps) {
  const kbTexts = useKbTexts();
  const headClass =
    'truncate px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
  const hasComments = hits.some((hit) => hit.comment.trim());
  const minWidth = (isPublic ? 0 : 40 + 96 + 128 + 128) + (hasComments ? 224 : 0) + 256;
  return (
    <Table className="table-fixed border-collapse" style={{ minWidth }} data-testid="kb-grid">
      <TableHead className="sticky top-0 z-[1] bg-slate-50">
        <TableRow className="border-b border-slate-200">
          {!isPublic ? (
            <TableHeaderCell className={classNames(headClass, 'w-10')}>
              <span className="sr-only">{kbTexts.columnFavorite}</span>
              <Star className="size-3.5" aria-hidden />
            </TableHeaderCell>
          ) : null}
          <TableHeaderCell className={headClass}>{kbTexts.columnDetails}</TableHeaderCell>
          {hasComments ? (
            <TableHeaderCell className={classNames(headClass, 'w-56')}>
              {kbTexts.columnComment}
            </TableHeaderCell>
          ) : null}
          {!isPublic ? (
            <>
              <TableHeaderCell className={classNames(headClass, 'w-24')}>
                {kbTexts.columnAccess}
              </TableHeaderCell>
              <TableHeaderCell className={classNames(headClass, 'w-32')}>
                {kbTexts.columnDateAdded}
              </TableHeaderCell>
              <TableHeaderCell className={classNames(headClass, 'w-32')}>
                {kbTexts.columnLastModified}
              </TableHeaderCell>
            </>
          ) : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {hits.map((hit) => {
          const isSelected = hit.objectID === selectedId;
          return (
            <TableRow
              key={hit.objectID}
              data-testid="kb-row"
              data-selected={isSelected || undefined}
              tabIndex={onRowOpen ? 0 : undefined}
              onClick={onRowOpen ? () => onRowOpen(hit) : undefined}
              onKeyDown={
                onRowOpen
                  ? (event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        onRowOpen(hit);
                      }
                    }
                  : undefined
              }
              className={classNames(
                'border-b border-slate-100 align-top',
                onRowOpen && 'cursor-pointer hover:bg-slate-50 focus-visible:bg-slate-50',
                isSelected && 'bg-brand-soft hover:bg-brand-soft',
              )}
            >
              {!isPublic ? (
                <TableCell className="px-3 py-3">
                  {hit.favorite_public ? (
                    <Star
                      className="size-4 fill-amber-400 text-amber-500"
                      aria-label={kbTexts.favorite}
                      role="img"
                    />
                  ) : null}
                </TableCell>
              ) : null}
              <TableCell className="px-3 py-3">
                <p className="font-medium break-words text-slate-900">{hit.content}</p>
                <p className="mt-1 line-clamp-2 break-words text-slate-600">{hit.answer}</p>
              </TableCell>
              {hasComments ? (
                <TableCell className="px-3 py-3">
                  <p className="line-clamp-3 break-words text-slate-600">{hit.comment}</p>
                </TableCell>
              ) : null}
              {!isPublic ? (
                <>
                  <TableCell className="px-3 py-3 text-slate-700">{accessLabel(hit.access_level)}</TableCell>
                  <TableCell className="px-3 py-3 text-slate-700">
                    {formatKbDate(hit.date_timestamp)}
                  </TableCell>
                  <TableCell className="px-3 py-3 text-slate-700">
                    {formatKbDate(hit.customer_modified_timestamp)}
                  </TableCell>
                </>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
