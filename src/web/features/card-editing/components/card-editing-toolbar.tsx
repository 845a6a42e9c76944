import { useMutation } from '@tanstack/react-query';
import { LayoutGrid, Lock, Rows3 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { CardKind, SectionKind } from '../../../../shared/card-kinds';
import { cardMessages } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { useRefreshPortalView } from '../../../lib/portal-view-store';
import { saveCardOrder, saveSectionOrder } from '../api/card-editing-api';
import { gridCards, sectionLabels } from '../lib/editing-labels';
import { ReorderDialog } from './reorder-dialog';

type ToolbarProps = { view: PortalView };

/** Above the card grid for editors: 'Re-order cards' and the plan-gated 'Re-order sections'. */
export function CardEditingToolbar({ view }: ToolbarProps) {
  const [openDialog, setOpenDialog] = useState<'cards' | 'sections' | null>(null);
  const refresh = useRefreshPortalView();
  const write = { productId: view.product.productId };
  const productSlug = view.product.productSlug;

  const cardOrder = useMutation({
    mutationFn: (cards: CardKind[]) => saveCardOrder(write, cards),
    onSuccess: async () => {
      toast.success(cardMessages.cardOrderUpdated(productSlug));
      setOpenDialog(null);
      await refresh();
    },
    onError: () => toast.error(cardMessages.cardOrderFailed(productSlug)),
  });
  const sectionOrder = useMutation({
    mutationFn: (sections: SectionKind[]) => saveSectionOrder(write, sections),
    onSuccess: async () => {
      toast.success(cardMessages.sectionOrderUpdated);
      setOpenDialog(null);
      await refresh();
    },
    onError: () => toast.error(cardMessages.sectionOrderFailed),
  });

  const canReorderSections = view.planFeatures.sectionCustomization;

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="card-editing-toolbar">
      <Button variant="secondary" size="sm" onClick={() => setOpenDialog('cards')}>
        <LayoutGrid className="size-4" aria-hidden />
        Re-order cards
      </Button>
      {canReorderSections ? (
        <Button variant="secondary" size="sm" onClick={() => setOpenDialog('sections')}>
          <Rows3 className="size-4" aria-hidden />
          Re-order sections
        </Button>
      ) : (
        <Tooltip content={cardMessages.upgradePlan} delayMs={150}>
          {/* aria-disabled rather than disabled: it stays focusable, so the tooltip reaches keyboards too. */}
          <Button
            variant="secondary"
            size="sm"
            aria-disabled="true"
            className="cursor-not-allowed opacity-60"
          >
            <Lock className="size-4" aria-hidden />
            Re-order sections
          </Button>
        </Tooltip>
      )}
      <ReorderDialog
        open={openDialog === 'cards'}
        onOpenChange={(open) => setOpenDialog(open ? 'cards' : null)}
        title="Re-order cards"
        description="Move cards up or down, then save the order."
        listLabel="Cards"
        entries={gridCards(view).map((card) => ({
          id: card.kind,
          label: card.title,
          note: card.isHidden ? 'Hidden' : undefined,
        }))}
        isSaving={cardOrder.isPending}
        onSave={(ids) => cardOrder.mutate(ids as CardKind[])}
      />
      {canReorderSections ? (
        <ReorderDialog
          open={openDialog === 'sections'}
          onOpenChange={(open) => setOpenDialog(open ? 'sections' : null)}
          title="Re-order sections"
          description="Move sections up or down, then save the order."
          listLabel="Sections"
          entries={view.sections.map((section) => ({ id: section, label: sectionLabels[section] }))}
          isSaving={sectionOrder.isPending}
          onSave={(ids) => sectionOrder.mutate(ids as SectionKind[])}
        />
      ) : null}
    </div>
  );
}
