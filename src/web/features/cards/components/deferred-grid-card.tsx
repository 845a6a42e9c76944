import { deferredPart } from '../../../lib/deferred-part';
import { cardPartNames } from './card-part-names';
import { GridCard } from './grid-card';

/**
 * Each card of the grid waits for its own place: the grid runs many screens down on a phone (decision
 * 317). Only hydration waits: the card's code is the portal's own, so it costs no request when needed.
 */
export const DeferredGridCard = deferredPart(cardPartNames.gridCard, () => Promise.resolve(GridCard), {
  key: ({ card }) => card.kind,
  className: 'grid',
});
