import type { CardKind } from '../../../../../shared/card-kinds';
import type { CardView, ItemView } from '../../../../../shared/cards';
import type { DocumentFileView, DocumentsView } from '../../../../../shared/documents';

/**
 * The documents card's model as plain data (spec 2 §2, spec 3 §4): one entry per file the viewer may
 * read, plus one locked entry per restricted item whose files are withheld; sorting, tabs, counts.
 * Pure, so tested without a DOM. Types only from shared/: zod must stay out of the first load.
 */

export type DocumentsTab = 'all' | 'public' | 'private';

export type DocumentEntry = {
  /** Unique per tile: item and file (one file may back several items), or `locked-{itemUid}`. */
  key: string;
  itemUid: string;
  itemTitle: string;
  title: string;
  category: CardKind;
  isPublic: boolean;
  isFeatured: boolean;
  /** A restricted item the viewer may see but not read: a lock and a login request, no file. */
  isLocked: boolean;
  file: DocumentFileView | null;
};

export type DocumentCategoryCount = { kind: CardKind; title: string; count: number };

/** Collapsed grid sizes (spec 2 §9); the same numbers as documentLimits, which would bring zod along. */
export const collapsedTileCount = { small: 9, large: 12 } as const;

/**
 * Category order, highest priority first: Reports leads, the documents card's own items come last
 * (spec 2 §9 card ordering priority); the rest follow the grid's default order.
 */
const categoryOrder: CardKind[] = [
  'Reports',
  'Certifications',
  'Policies',
  'Legal',
  'DataPrivacy',
  'DataSecurity',
  'ApplicationSecurity',
  'Infrastructure',
  'AccessControl',
  'EndpointSecurity',
  'NetworkSecurity',
  'InternalPractices',
  'IncidentResponse',
  'RiskManagement',
  'BusinessContinuity',
  'AssetManagement',
  'AwarenessTraining',
  'ChangeConfigurationManagement',
  'PhysicalEnvironmental',
  'ContinuousMonitoring',
  'ProductFeatures',
  'Questionnaires',
  'Ai',
  'Esg',
  'SecurityGrades',
  'RiskProfile',
  'Overview',
  'TrustedBy',
  'Subprocessors',
  'CustomerData',
  'Documents',
];

function categoryRank(kind: CardKind): number {
  const index = categoryOrder.indexOf(kind);
  return index === -1 ? categoryOrder.length : index;
}

type LocatedItem = { item: ItemView; card: CardView };

function itemsByUid(cards: readonly CardView[]): Map<string, LocatedItem> {
  const found = new Map<string, LocatedItem>();
  for (const card of cards) for (const item of card.items) found.set(item.itemUid, { item, card });
  return found;
}

const compareTitles = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

const kindRank = { file: 0, letter: 1 } as const;

/**
 * Featured first (in the featured order), then kind order (files, then generated letters, as the
 * server lists them), then the category card's order, then title (spec 2 §2).
 */
export function sortDocumentEntries(entries: DocumentEntry[], featuredItemUids: readonly string[]) {
  const featuredRank = new Map(featuredItemUids.map((uid, index) => [uid, index]));
  return [...entries].sort((a, b) => {
    const aFeatured = featuredRank.get(a.itemUid);
    const bFeatured = featuredRank.get(b.itemUid);
    if (aFeatured !== undefined || bFeatured !== undefined) {
      if (aFeatured === undefined) return 1;
      if (bFeatured === undefined) return -1;
      if (aFeatured !== bFeatured) return aFeatured - bFeatured;
    }
    const byKind = kindRank[a.file?.kind ?? 'file'] - kindRank[b.file?.kind ?? 'file'];
    if (byKind !== 0) return byKind;
    const byCategory = categoryRank(a.category) - categoryRank(b.category);
    if (byCategory !== 0) return byCategory;
    return compareTitles(a.title, b.title) || a.key.localeCompare(b.key);
  });
}

/**
 * Every tile of the card. The server sends files only for items the viewer may read; a locked item of
 * the documents card has its files withheld, so it becomes one locked tile with a login request.
 */
export function documentEntries(cards: readonly CardView[], documents: DocumentsView): DocumentEntry[] {
  const located = itemsByUid(cards);
  const featured = new Set(documents.featuredItemUids);
  const entries: DocumentEntry[] = [];
  const itemsWithFiles = new Set<string>();
  for (const file of documents.files) {
    const place = located.get(file.itemUid);
    itemsWithFiles.add(file.itemUid);
    entries.push({
      key: `${file.itemUid}:${file.fileId}`,
      itemUid: file.itemUid,
      itemTitle: place?.item.title ?? file.title,
      title: file.title.trim() || file.originalName,
      category: place?.card.kind ?? 'Documents',
      isPublic: place?.item.isPublic ?? false,
      isFeatured: featured.has(file.itemUid),
      isLocked: false,
      file,
    });
  }
  const documentsCard = cards.find((card) => card.kind === 'Documents');
  for (const item of documentsCard?.items ?? []) {
    if (!item.isLocked || itemsWithFiles.has(item.itemUid)) continue;
    entries.push({
      key: `locked-${item.itemUid}`,
      itemUid: item.itemUid,
      itemTitle: item.title,
      title: item.title,
      category: 'Documents',
      isPublic: false,
      isFeatured: featured.has(item.itemUid),
      isLocked: true,
      file: null,
    });
  }
  return sortDocumentEntries(entries, documents.featuredItemUids);
}

/** The tabs show only when both public and private documents exist (spec 3 §4). */
export function hasDocumentTabs(entries: readonly DocumentEntry[]): boolean {
  return entries.some((entry) => entry.isPublic) && entries.some((entry) => !entry.isPublic);
}

/** Without tabs the choice resets to All, so a vanished tab never leaves the grid empty. */
export function effectiveTab(tab: DocumentsTab, entries: readonly DocumentEntry[]): DocumentsTab {
  return hasDocumentTabs(entries) ? tab : 'all';
}

export function entriesInTab(entries: readonly DocumentEntry[], tab: DocumentsTab): DocumentEntry[] {
  if (tab === 'public') return entries.filter((entry) => entry.isPublic);
  if (tab === 'private') return entries.filter((entry) => !entry.isPublic);
  return [...entries];
}

/** How many tiles show before 'View all documents'. */
export function visibleEntries(
  entries: readonly DocumentEntry[],
  options: { isExpanded: boolean; isSmallScreen: boolean },
): DocumentEntry[] {
  if (options.isExpanded) return [...entries];
  return entries.slice(0, options.isSmallScreen ? collapsedTileCount.small : collapsedTileCount.large);
}

export function isCollapsible(entries: readonly DocumentEntry[], isSmallScreen: boolean): boolean {
  return entries.length > (isSmallScreen ? collapsedTileCount.small : collapsedTileCount.large);
}

/**
 * Documents per category card, in category order, for the per-category Edit / View row. When every
 * document is the Documents card's own there is no row: "Documents · 5 documents" would only repeat it.
 */
export function categoryCounts(
  entries: readonly DocumentEntry[],
  cards: readonly CardView[],
): DocumentCategoryCount[] {
  const counts = new Map<CardKind, number>();
  for (const entry of entries) counts.set(entry.category, (counts.get(entry.category) ?? 0) + 1);
  if (counts.size === 1 && counts.has('Documents')) return [];
  return [...counts.entries()]
    .sort(([a], [b]) => categoryRank(a) - categoryRank(b))
    .map(([kind, count]) => {
      const card = cards.find((candidate) => candidate.kind === kind);
      const title = card?.displayText?.trim() || card?.title || kind;
      return { kind, title, count };
    });
}

/** Bulk download shows only with the customisation on, a product, and something downloadable (spec 2 §2). */
export function canBulkDownload(
  entries: readonly DocumentEntry[],
  options: { isEnabled: boolean; productId: string | null | undefined },
): boolean {
  if (!options.isEnabled || !options.productId) return false;
  return entries.some((entry) => entry.file?.canDownload && entry.file.downloadUrl);
}

export type FileGroup = { itemUid: string; itemTitle: string; files: DocumentFileView[] };

/** The bulk download dialog's list: downloadable files grouped under their item, in the card's order. */
export function downloadableGroups(entries: readonly DocumentEntry[]): FileGroup[] {
  const groups = new Map<string, FileGroup>();
  for (const entry of entries) {
    if (!entry.file?.canDownload || !entry.file.downloadUrl) continue;
    let group = groups.get(entry.itemUid);
    if (!group) {
      group = { itemUid: entry.itemUid, itemTitle: entry.itemTitle, files: [] };
      groups.set(entry.itemUid, group);
    }
    group.files.push(entry.file);
  }
  return [...groups.values()];
}
