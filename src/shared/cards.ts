import { z } from 'zod';
import { CardKind, SectionKind } from './card-kinds';
import { cardMessages } from './card-messages';
import { hasPublicHost } from './network-address';

export { cardMessages };

/** Item state (spec 2 §4): sort priority Enabled, WorkInProgress, NotEnabled. */
export const EnabledState = z.enum(['Enabled', 'WorkInProgress', 'NotEnabled']);
export type EnabledState = z.infer<typeof EnabledState>;

/*
 * Item fields whose values the spec leaves open (spec 2 §3 "their values are not shown"; decision 256).
 * A recurrence of 'n/a' earns no 'Every {recurrence}' tag.
 */
export const itemRecurrences = ['n/a', 'day', 'week', 'month', 'quarter', 'year'] as const;
export const ItemRecurrence = z.enum(itemRecurrences, { error: cardMessages.invalidRecurrence });
export const itemMaturities = ['Initial', 'Managed', 'Defined', 'Measured', 'Optimised'] as const;
export const ItemMaturity = z.enum(itemMaturities, { error: cardMessages.invalidMaturity });
/** Cards whose items name a type; their custom items must pick one ('Select an item type…'). */
export const itemTypesByCard: Partial<Record<CardKind, readonly string[]>> = {
  Reports: ['SOC 1', 'SOC 2', 'SOC 3', 'ISO 27001', 'Penetration test', 'Other'],
};

/** The item-type problem of an item on this card, or null: custom items need one of the card's types. */
export function itemTypeError(kind: CardKind, type: string | null, isCustom: boolean): string | null {
  const types = itemTypesByCard[kind];
  if (!types) return null;
  if (type === null || type === '') return isCustom ? cardMessages.itemTypeRequired : null;
  return types.includes(type) ? null : cardMessages.itemTypeRequired;
}

export const ItemTitle = z
  .string()
  .trim()
  .min(2, cardMessages.itemTitleLength)
  .max(100, cardMessages.itemTitleLength);
export const CardTitle = z
  .string()
  .trim()
  .min(2, cardMessages.cardTitleLength)
  .max(50, cardMessages.cardTitleLength);
/** Empty means "use the default"; otherwise 4 to 100 characters. */
export const DisplayText = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || (value.length >= 4 && value.length <= 100),
    cardMessages.displayTextLength,
  );
export const PlaceholderText = z.string().max(1000, cardMessages.placeholderTooLong);
export const CustomUrlSlug = z
  .string()
  .min(1, cardMessages.slugInvalid)
  .max(99, cardMessages.slugTooLong)
  .regex(/^[a-z0-9-]+$/, cardMessages.slugInvalid);
function parseWebUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether a stored link may be shown: an http(s) URL whose host is not private or internal. */
export function isShowableItemLink(value: string): boolean {
  const url = parseWebUrl(value);
  return url !== null && hasPublicHost(url);
}

/** A link must be an http(s) URL and rejects private addresses (spec 2 §5). */
export const ItemLink = z
  .string()
  .trim()
  .max(2048, cardMessages.invalidUrl)
  .superRefine((value, check) => {
    const url = parseWebUrl(value);
    if (url === null) check.addIssue({ code: 'custom', message: cardMessages.invalidUrl });
    else if (!hasPublicHost(url)) check.addIssue({ code: 'custom', message: cardMessages.privateUrl });
  });

/** An item as a viewer receives it; content fields are null when the viewer may not read them. */
export const ItemView = z.object({
  itemUid: z.string().uuid(),
  title: z.string(),
  isCustom: z.boolean(),
  enabledState: EnabledState,
  /** Restricted item the viewer may see but not read: content withheld, access can be requested. */
  isLocked: z.boolean(),
  isPublic: z.boolean(),
  /** Restricted and hidden: reaches only accounts whose permission profile includes it, and staff. */
  isHidden: z.boolean(),
  explanation: z.string().nullable(),
  href: z.string().nullable(),
  listEntries: z.array(z.string()).nullable(),
  type: z.string().nullable(),
  maturity: z.string().nullable(),
  recurrence: z.string().nullable(),
  auditor: z.string().nullable(),
  expiry: z.string().nullable(),
  customUrlSlug: z.string().nullable(),
  /** The permalink slug: the custom one, else the title's, unique within the product. */
  slug: z.string(),
  modifiedAt: z.string().nullable(),
  modifiedByName: z.string().nullable(),
});
export type ItemView = z.infer<typeof ItemView>;

export const CardView = z.object({
  kind: CardKind,
  title: z.string(),
  /** The heading text staff set; null means the default heading. */
  displayText: z.string().nullable(),
  placeholder: z.string().nullable(),
  isHidden: z.boolean(),
  iconUrl: z.string().nullable(),
  items: z.array(ItemView),
});
export type CardView = z.infer<typeof CardView>;

export const CardsView = z.object({
  sections: z.array(SectionKind),
  cards: z.array(CardView),
});
export type CardsView = z.infer<typeof CardsView>;

/* Staff writes (spec 3 §7, spec 2 §7). */

export const SectionOrderInput = z.object({ sections: z.array(SectionKind) });
export const CardOrderInput = z.object({ cards: z.array(CardKind) });
export const ItemOrderInput = z.object({ items: z.array(z.string().uuid()) });

/** A real calendar day, YYYY-MM-DD: '2026-02-30' is refused here, not by the database. */
export const ExpiryDate = z.iso.date({ error: cardMessages.invalidExpiry });

export const ItemPatch = z.strictObject({
  itemUid: z.string().uuid(),
  title: ItemTitle.optional(),
  enabledState: EnabledState.optional(),
  explanation: z.string().max(10_000).optional(),
  href: z.union([ItemLink, z.literal('')]).optional(),
  listEntries: z.array(z.string().trim().min(1).max(500)).max(100).optional(),
  type: z.string().max(100).nullable().optional(),
  maturity: ItemMaturity.nullable().optional(),
  recurrence: ItemRecurrence.nullable().optional(),
  auditor: z.string().max(100).nullable().optional(),
  expiry: ExpiryDate.nullable().optional(),
  publicAccess: z.boolean().optional(),
  hidden: z.boolean().optional(),
});
export type ItemPatch = z.infer<typeof ItemPatch>;

/** PATCH .../cards/:kind — hide/show, card texts, and the drawer's form save (items). */
export const CardPatch = z.strictObject({
  hidden: z.boolean().optional(),
  title: CardTitle.nullable().optional(),
  displayText: DisplayText.optional(),
  placeholder: PlaceholderText.optional(),
  items: z.array(ItemPatch).max(500).optional(),
});
export type CardPatch = z.infer<typeof CardPatch>;

export const CustomItemCreate = z.object({
  title: z.string().trim().max(100, cardMessages.itemTitleLength).default(''),
  /** Library files linked in the same transaction; a documents card item needs one (spec 2 §5). */
  fileIds: z.array(z.string().uuid()).max(100).default([]),
});

/** PATCH .../items/:itemUid — move to another card, or set the custom URL slug. */
export const ItemMoveOrSlug = z
  .strictObject({ destinationCardId: CardKind.optional(), customUrlSlug: CustomUrlSlug.optional() })
  .refine((value) => value.destinationCardId !== undefined || value.customUrlSlug !== undefined, {
    message: 'Name a destinationCardId or a customUrlSlug',
  });
export type ItemMoveOrSlug = z.infer<typeof ItemMoveOrSlug>;

export const SectionOrder = SectionOrderInput;
export type SectionOrder = z.infer<typeof SectionOrder>;
export const CardOrder = CardOrderInput;
export type CardOrder = z.infer<typeof CardOrder>;

/** Answer of PATCH .../items/:itemUid: the item as Main mode sees it, and the card it is on now. */
export const MovedItemView = ItemView.extend({ cardKind: CardKind });
export type MovedItemView = z.infer<typeof MovedItemView>;

/** Answer of PUT and DELETE .../cards/:kind/icon. */
export const CardIcon = z.object({ iconUrl: z.string().nullable() });
export type CardIcon = z.infer<typeof CardIcon>;

/** Plan features that gate editing (spec 2 §6, spec 3 §6); a self-hosted install has them all on. */
export const PlanFeatures = z.object({
  replaceIcons: z.boolean().default(true),
  cardTitleRenaming: z.boolean().default(true),
  sectionCustomization: z.boolean().default(true),
  restrictedFiles: z.boolean().default(true),
  /** Ask AI in the search dialog (spec 1 §4 'plan includes Trust Center AI'); absent means included. */
  trustCenterAi: z.boolean().optional(),
  /** Bug-bounty and status-page integrations (spec 2 §6, Growth plan); absent means included. */
  integrations: z.boolean().optional(),
  /** SOC 1 / SOC 2 bridge letters (spec 2 §6 'bridge letter feature'); absent means included. */
  bridgeLetters: z.boolean().optional(),
});
export type PlanFeatures = z.infer<typeof PlanFeatures>;
