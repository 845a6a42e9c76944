import type { CardView } from '../../../../shared/cards';
import type { PortalView } from '../../../../shared/portal';
import type { CardEditingSlots } from '../../../lib/card-editing-slots';
import { type OpenCardRequest, PortalCard } from './portal-card';
import { specialisedCardBody } from './specialised-card-body';

export type GridCardProps = {
  view: PortalView;
  card: CardView;
  editing?: CardEditingSlots;
  onOpen(request: OpenCardRequest): void;
  onIntent?(): void;
  onAddItems?(): void;
};

/** A card of the page's grid with its body: one part, so it can hydrate on its own (decision 317). */
export function GridCard({ view, card, editing, onOpen, onIntent, onAddItems }: GridCardProps) {
  return (
    <PortalCard view={view} card={card} editing={editing} onOpen={onOpen} onIntent={onIntent}>
      {specialisedCardBody(view, card, onAddItems)}
    </PortalCard>
  );
}
