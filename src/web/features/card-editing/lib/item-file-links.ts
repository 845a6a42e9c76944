import type { CardKind } from '../../../../shared/card-kinds';
import type { DocumentsView } from '../../../../shared/documents';

/**
 * Pending file links of the documents card's items (spec 2 §4): a newly chosen file is 'Linked
 * (pending)', a removed one 'Unlinked (pending)', each with Undo; all applied on the item's save.
 * Pure data, keyed by the editor's item key, so it is tested without a DOM.
 */

export type LinkableFile = { fileId: string; title: string; originalName: string; contentType: string };
export type ItemFileLinks = { saved: LinkableFile[]; linked: LinkableFile[]; unlinked: string[] };
export type FileLinksState = Record<string, ItemFileLinks>;
export type FileRowStatus = 'saved' | 'linked' | 'unlinked';
export type FileRow = { file: LinkableFile; status: FileRowStatus };

export const fileLinkMessages = {
  uploadRequired: 'Please upload a file to save this item.',
  linkedPending: 'Linked (pending)',
  unlinkedPending: 'Unlinked (pending)',
  undo: 'Undo',
} as const;

/** Cards whose items never carry documents: their content is a logo, a grade, a company or an answer. */
const cardsWithoutFiles = new Set<CardKind>([
  'Overview',
  'TrustedBy',
  'Subprocessors',
  'SecurityGrades',
  'RiskProfile',
  'CustomerData',
]);

/** Files link to items of any content card; the documents card lists them all (spec 2 §2). */
export function canCardHaveFiles(kind: CardKind): boolean {
  return !cardsWithoutFiles.has(kind);
}

const noLinks: ItemFileLinks = { saved: [], linked: [], unlinked: [] };

/** The files each item has now; generated letters are not library files and cannot be relinked. */
export function fileLinksFrom(itemKeys: readonly string[], documents: DocumentsView): FileLinksState {
  const state: FileLinksState = {};
  for (const key of itemKeys) state[key] = { saved: [], linked: [], unlinked: [] };
  for (const file of documents.files) {
    const links = state[file.itemUid];
    if (!links || file.kind !== 'file') continue;
    links.saved.push({
      fileId: file.fileId,
      title: file.title,
      originalName: file.originalName,
      contentType: file.contentType,
    });
  }
  return state;
}

export function linksOf(state: FileLinksState, key: string): ItemFileLinks {
  return state[key] ?? noLinks;
}

function update(state: FileLinksState, key: string, change: (links: ItemFileLinks) => ItemFileLinks) {
  return { ...state, [key]: change(linksOf(state, key)) };
}

export function linkFile(state: FileLinksState, key: string, file: LinkableFile): FileLinksState {
  return update(state, key, (links) => {
    if (links.saved.some((saved) => saved.fileId === file.fileId)) {
      return { ...links, unlinked: links.unlinked.filter((fileId) => fileId !== file.fileId) };
    }
    if (links.linked.some((linked) => linked.fileId === file.fileId)) return links;
    return { ...links, linked: [...links.linked, file] };
  });
}

export function unlinkFile(state: FileLinksState, key: string, fileId: string): FileLinksState {
  return update(state, key, (links) => {
    if (!links.saved.some((saved) => saved.fileId === fileId) || links.unlinked.includes(fileId))
      return links;
    return { ...links, unlinked: [...links.unlinked, fileId] };
  });
}

/** Undo of a pending change: a pending link is dropped, a pending unlink restored. */
export function undoFileChange(state: FileLinksState, key: string, fileId: string): FileLinksState {
  return update(state, key, (links) => ({
    ...links,
    linked: links.linked.filter((file) => file.fileId !== fileId),
    unlinked: links.unlinked.filter((unlinked) => unlinked !== fileId),
  }));
}

export function fileRows(links: ItemFileLinks): FileRow[] {
  return [
    ...links.saved.map((file) => ({
      file,
      status: (links.unlinked.includes(file.fileId) ? 'unlinked' : 'saved') as FileRowStatus,
    })),
    ...links.linked.map((file) => ({ file, status: 'linked' as FileRowStatus })),
  ];
}

/** What the item's save sends: the saved files minus the unlinked, plus the newly linked. */
export function finalFileIds(links: ItemFileLinks): string[] {
  return [
    ...links.saved.filter((file) => !links.unlinked.includes(file.fileId)).map((file) => file.fileId),
    ...links.linked.map((file) => file.fileId),
  ];
}

export function hasFileChanges(links: ItemFileLinks): boolean {
  return links.linked.length > 0 || links.unlinked.length > 0;
}

export function hasAnyFileChanges(state: FileLinksState): boolean {
  return Object.values(state).some(hasFileChanges);
}

/** The picker leaves out files already linked to the item or pending either way (spec 2 §5). */
export function pickableFiles<File extends { id: string }>(
  library: readonly File[],
  links: ItemFileLinks,
): File[] {
  const taken = new Set([
    ...links.saved.map((file) => file.fileId),
    ...links.linked.map((file) => file.fileId),
  ]);
  return library.filter((file) => !taken.has(file.id));
}

/** A documents card item needs at least one file (spec 2 §5). */
export function fileLinksError(kind: CardKind, links: ItemFileLinks): string | undefined {
  if (kind !== 'Documents') return undefined;
  return finalFileIds(links).length === 0 ? fileLinkMessages.uploadRequired : undefined;
}
