import { type CardKind, cardKinds } from '../../../shared/card-kinds';
import { type CardView, type ItemView, isShowableItemLink } from '../../../shared/cards';
import { orderCards, orderItems } from '../../../shared/ordering';
import {
  type CardVisibility,
  canReadItemContent,
  canSeeCard,
  canSeeItem,
  type ItemGrants,
  isRestrictedHidden,
} from '../../policy';
import type { Viewer } from '../../policy/viewer';
import type { CardRow, ItemRow } from './queries';

export function iconUrl(organisationId: string, assetId: string | null, revision: number): string | null {
  return assetId ? `/api/share/${organisationId}/assets/${assetId}?v=${revision}` : null;
}

/** An item as the viewer may have it: a locked item keeps its title and state, every content field null. */
export function toItemView(row: ItemRow, canRead: boolean, slug: string): ItemView {
  return {
    itemUid: row.id,
    title: row.title,
    isCustom: row.catalogueKey === null,
    enabledState: row.enabledState,
    isLocked: !canRead,
    isPublic: row.isPublic,
    isHidden: isRestrictedHidden(row),
    explanation: canRead ? row.explanation : null,
    // Links stored before private addresses were refused are not shown (decision 114).
    href: canRead && row.href !== null && isShowableItemLink(row.href) ? row.href : null,
    listEntries: canRead ? row.listEntries : null,
    type: canRead ? row.itemType : null,
    maturity: canRead ? row.maturity : null,
    recurrence: canRead ? row.recurrence : null,
    auditor: canRead ? row.auditor : null,
    expiry: canRead ? row.expiresOn : null,
    customUrlSlug: row.customUrlSlug,
    slug,
    modifiedAt: row.modifiedAt?.toISOString() ?? null,
    modifiedByName: row.modifiedByName,
  };
}

/** Kinds that are cards on the page; Customer Data renders nothing (spec 3 §3). */
export const pageCardKinds: CardKind[] = (Object.keys(cardKinds) as CardKind[]).filter(
  (kind) => kind !== 'CustomerData',
);

type CardConfig = Pick<CardRow, 'title' | 'displayText' | 'placeholder' | 'iconAssetId' | 'position'> &
  CardVisibility;

const defaultConfig: CardConfig = {
  title: null,
  displayText: null,
  placeholder: null,
  iconAssetId: null,
  position: null,
  isHidden: false,
};

/**
 * The product's cards in page order with their items in card order, keeping only what the viewer may
 * see (policy gate) and nulling what it may not read. Pure: the rows are loaded by the caller.
 */
export function buildCardViews(input: {
  viewer: Viewer;
  cardRows: CardRow[];
  itemRows: ItemRow[];
  grants: ItemGrants;
  /** Every item's permalink slug in the product (`loadItemSlugs`). */
  slugs: ReadonlyMap<string, string>;
  kinds?: CardKind[];
}): CardView[] {
  const { viewer, grants } = input;
  const organisation = viewer.organisation;
  const configByKind = new Map(input.cardRows.map((row) => [row.kind, row]));
  const itemsByKind = new Map<CardKind, ItemRow[]>();
  for (const item of input.itemRows) {
    const list = itemsByKind.get(item.cardKind) ?? [];
    list.push(item);
    itemsByKind.set(item.cardKind, list);
  }
  const cards = (input.kinds ?? pageCardKinds).map((kind) => ({
    kind,
    config: configByKind.get(kind) ?? defaultConfig,
    position: configByKind.get(kind)?.position ?? null,
  }));
  return orderCards(cards)
    .filter((card) => canSeeCard(viewer, card.config))
    .map(({ kind, config }) => {
      const visibleItems = (itemsByKind.get(kind) ?? []).filter((item) =>
        canSeeItem(viewer, config, item, grants),
      );
      const ordered = orderItems(
        kind,
        visibleItems.map((item) => ({ ...item, itemUid: item.id })),
      );
      return {
        kind,
        title: config.title ?? cardKinds[kind].title,
        displayText: config.displayText,
        placeholder: config.placeholder,
        isHidden: config.isHidden,
        iconUrl: iconUrl(organisation.id, config.iconAssetId, organisation.revision),
        items: ordered.map((item) =>
          toItemView(item, canReadItemContent(viewer, item, grants), input.slugs.get(item.id) ?? item.id),
        ),
      } satisfies CardView;
    });
}
