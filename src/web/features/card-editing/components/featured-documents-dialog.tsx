import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation } from '@tanstack/react-query';
import {
  ArrowDown,
  ArrowLeftRight,
  ArrowUp,
  ChevronsDown,
  ChevronsUp,
  EllipsisVertical,
  GripVertical,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { type CardView, cardMessages } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu';
import { classNames } from '../../../lib/class-names';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import type { StaffWrite } from '../api/card-editing-api';
import { saveFeaturedDocuments } from '../api/documents-editing-api';
import { itemNameOf } from '../lib/editing-labels';
import {
  applyMove,
  canMove,
  columnOf,
  type FeaturedColumn,
  type FeaturedColumns,
  type FeaturedMove,
  featuredColumnLabels,
  initialColumns,
  isSameOrder,
  moveTo,
} from '../lib/featured-order';

export type FeaturedDocumentsDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  view: PortalView;
  card: CardView;
  write: StaffWrite;
};

const columnIds: Record<FeaturedColumn, string> = {
  featured: 'column-featured',
  nonFeatured: 'column-nonFeatured',
};
const columns: FeaturedColumn[] = ['featured', 'nonFeatured'];
const labelCollator = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * 'Re-order items' of the documents card (spec 3 §2): featured and non-featured columns, dragged
 * within and between (pointer or keyboard), or moved with each row's menu; saved on 'Save order'.
 * Loaded on first open, so dnd-kit stays out of every other bundle.
 */
export default function FeaturedDocumentsDialog(props: FeaturedDocumentsDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent
        title="Re-order items"
        description="Featured documents come first on the documents card, in this order; the others follow by title. Drag documents between the columns, or use each document's menu."
        className="sm:max-w-3xl"
      >
        {props.open ? <PendingColumns {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PendingColumns({ onOpenChange, view, card, write }: FeaturedDocumentsDialogProps) {
  const labels = new Map(card.items.map((item) => [item.itemUid, itemNameOf(item.title)]));
  // The card shows non-featured documents by title, so that column does too (decision 170).
  const [saved] = useState(() =>
    initialColumns(
      [...card.items]
        .sort((a, b) => labelCollator.compare(itemNameOf(a.title), itemNameOf(b.title)))
        .map((item) => item.itemUid),
      view.documents.featuredItemUids,
    ),
  );
  const [pending, setPending] = useState<FeaturedColumns>(saved);
  const [announcement, setAnnouncement] = useState('');
  const refresh = useRefreshPortalView();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const save = useMutation({
    mutationFn: (featured: string[]) => saveFeaturedDocuments(write, featured),
    onSuccess: async () => {
      toast.success(cardMessages.itemOrderUpdated(card.title));
      onOpenChange(false);
      await refresh();
    },
    onError: () => toast.error(cardMessages.itemOrderFailed(card.title)),
  });

  const labelOf = (id: string) => labels.get(id) ?? id;
  const targetOf = (overId: string): { column: FeaturedColumn; index: number } | null => {
    const column = columns.find((candidate) => columnIds[candidate] === overId);
    if (column) return { column, index: pending[column].length };
    const owner = columnOf(pending, overId);
    return owner ? { column: owner, index: pending[owner].indexOf(overId) } : null;
  };

  // Crossing into the other column happens while dragging, so the row shows where it will land.
  function dragOver({ active, over }: DragOverEvent) {
    if (!over) return;
    const id = String(active.id);
    const from = columnOf(pending, id);
    const target = targetOf(String(over.id));
    if (!from || !target || target.column === from) return;
    setPending((previous) => moveTo(previous, id, target.column, target.index));
  }

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over) return;
    const id = String(active.id);
    const target = targetOf(String(over.id));
    if (!target) return;
    const from = columnOf(pending, id);
    const index =
      from === target.column ? Math.min(target.index, pending[target.column].length - 1) : target.index;
    setPending((previous) => moveTo(previous, id, target.column, index));
  }

  function menuMove(id: string, move: FeaturedMove) {
    const next = applyMove(pending, id, move);
    if (next === pending) return;
    setPending(next);
    const column = columnOf(next, id)!;
    setAnnouncement(
      `${labelOf(id)} moved to position ${next[column].indexOf(id) + 1} of ${next[column].length} in ${featuredColumnLabels[column]}`,
    );
  }

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragOver={dragOver}
        onDragEnd={dragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${labelOf(String(active.id))}.`,
            onDragOver: ({ active, over }) =>
              over ? `${labelOf(String(active.id))} is over ${labelOf(String(over.id))}.` : undefined,
            onDragEnd: ({ active }) => `${labelOf(String(active.id))} was dropped.`,
            onDragCancel: ({ active }) => `Moving ${labelOf(String(active.id))} was cancelled.`,
          },
        }}
      >
        {/* At most 600 px (spec 3 §9), less on short screens so the buttons stay in view. */}
        <div
          className="-mx-2 mt-5 grid max-h-[min(600px,calc(85vh-16rem))] gap-4 overflow-y-auto px-2 py-1 sm:grid-cols-2"
          data-testid="featured-scroll"
        >
          {columns.map((column) => (
            <ColumnList
              key={column}
              column={column}
              ids={pending[column]}
              pending={pending}
              labelOf={labelOf}
              onMove={menuMove}
            />
          ))}
        </div>
      </DndContext>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button
          disabled={isSameOrder(pending, saved) || save.isPending}
          onClick={() => save.mutate(pending.featured)}
        >
          {save.isPending ? 'Saving...' : 'Save order'}
        </Button>
      </div>
    </>
  );
}

type ColumnListProps = {
  column: FeaturedColumn;
  ids: string[];
  pending: FeaturedColumns;
  labelOf(id: string): string;
  onMove(id: string, move: FeaturedMove): void;
};

function ColumnList({ column, ids, pending, labelOf, onMove }: ColumnListProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnIds[column] });
  const headingId = `${columnIds[column]}-heading`;
  return (
    <section aria-labelledby={headingId} className="min-w-0" data-testid={`featured-column-${column}`}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        {featuredColumnLabels[column]} <span className="font-normal text-slate-600">({ids.length})</span>
      </h3>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol
          ref={setNodeRef}
          aria-labelledby={headingId}
          className={classNames(
            'min-h-24 space-y-1.5 rounded-xl border border-dashed p-2 transition',
            isOver ? 'border-brand-ink bg-brand-soft/60' : 'border-slate-300 bg-slate-50',
          )}
        >
          {ids.length === 0 ? (
            <li className="px-2 py-6 text-center text-xs text-slate-600">Drag documents here</li>
          ) : null}
          {ids.map((id, index) => (
            <SortableRow
              key={id}
              id={id}
              position={index + 1}
              label={labelOf(id)}
              pending={pending}
              onMove={onMove}
            />
          ))}
        </ol>
      </SortableContext>
    </section>
  );
}

const menuMoves: Array<{ move: FeaturedMove; label: string; icon: typeof ArrowUp }> = [
  { move: 'top', label: 'Move to top', icon: ChevronsUp },
  { move: 'up', label: 'Move up', icon: ArrowUp },
  { move: 'down', label: 'Move down', icon: ArrowDown },
  { move: 'bottom', label: 'Move to bottom', icon: ChevronsDown },
  { move: 'otherColumn', label: 'Move to other column', icon: ArrowLeftRight },
];

type SortableRowProps = {
  id: string;
  position: number;
  label: string;
  pending: FeaturedColumns;
  onMove(id: string, move: FeaturedMove): void;
};

function SortableRow({ id, position, label, pending, onMove }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="featured-entry"
      data-item-uid={id}
      className={classNames(
        'flex items-center gap-2 rounded-lg border border-slate-200 bg-white py-1.5 pe-1 ps-1 text-sm shadow-xs',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-ink',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${label}`}
        className="cursor-grab touch-none rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <span className="w-5 shrink-0 text-end text-xs text-slate-500 tabular-nums" aria-hidden>
        {position}
      </span>
      <span className="min-w-0 flex-1 font-medium break-words text-slate-800" data-testid="featured-label">
        {label}
      </span>
      <Menu modal={false}>
        <MenuTrigger
          aria-label={`Move ${label}`}
          className="rounded-md p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
        >
          <EllipsisVertical className="size-4" aria-hidden />
        </MenuTrigger>
        <MenuContent>
          {menuMoves.map(({ move, label: moveLabel, icon: Icon }) => (
            <MenuItem key={move} disabled={!canMove(pending, id, move)} onSelect={() => onMove(id, move)}>
              <Icon className="size-4" aria-hidden />
              {moveLabel}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
    </li>
  );
}
