import { z } from 'zod';
import { cardKindNames, sectionKindNames } from './card-kind-catalogue';

export {
  type CardKindInfo,
  canCardDo,
  canMoveItem,
  cardKinds,
  defaultCardOrder,
  defaultSectionOrder,
} from './card-kind-catalogue';

/** Every card kind of the spec (spec 2 §3, spec 3 §3); titles and places in card-kind-catalogue.ts. */
export const CardKind = z.enum(cardKindNames);
export type CardKind = z.infer<typeof CardKind>;

/** The page's sections (spec 3 §2 "Re-order sections"); the grid cards all live in 'cards'. */
export const SectionKind = z.enum(sectionKindNames);
export type SectionKind = z.infer<typeof SectionKind>;
