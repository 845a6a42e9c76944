import { deferredPart } from '../../../lib/deferred-part';
import { cardPartNames } from './card-part-names';

/**
 * Each card of the grid waits for its own place: the grid runs many screens down on a phone (decision
 * 317). Its own module: the card's body imports the other deferred parts.
 */
export const DeferredGridCard = deferredPart(
  cardPartNames.gridCard,
  () => import('./grid-card').then(({ GridCard }) => GridCard),
  { key: ({ card }) => card.kind, className: 'grid' },
);
