import { describe, expect, it } from 'vitest';
import { documentMessages } from '../../../../shared/documents';
import {
  fileLinkMessages,
  fileLinksError,
  fileLinksFrom,
  fileRows,
  finalFileIds,
  hasAnyFileChanges,
  linkFile,
  linksOf,
  pickableFiles,
  undoFileChange,
  unlinkFile,
} from './item-file-links';

const item = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001';
const file = (fileId: string) => ({
  fileId,
  title: `File ${fileId}`,
  originalName: `${fileId}.pdf`,
  contentType: 'application/pdf',
});
const viewFile = (fileId: string, kind: 'file' | 'letter' = 'file') => ({
  ...file(fileId),
  itemUid: item,
  kind,
  sizeBytes: 10,
  canDownload: true,
  isEncrypted: false,
  viewUrl: '/v',
  downloadUrl: '/d',
});
const library = ['f1', 'f2', 'f3', 'f4'].map((id) => ({ id }));

describe('item file links', () => {
  const start = () =>
    fileLinksFrom([item], { featuredItemUids: [], files: [viewFile('f1'), viewFile('l1', 'letter')] });

  it('starts from the item’s linked library files, leaving generated letters out', () => {
    expect(linksOf(start(), item).saved.map((saved) => saved.fileId)).toEqual(['f1']);
    expect(hasAnyFileChanges(start())).toBe(false);
  });

  it('marks links and unlinks as pending, and Undo takes each back', () => {
    let state = linkFile(start(), item, file('f2'));
    state = unlinkFile(state, item, 'f1');
    expect(fileRows(linksOf(state, item)).map((row) => [row.file.fileId, row.status])).toEqual([
      ['f1', 'unlinked'],
      ['f2', 'linked'],
    ]);
    expect(finalFileIds(linksOf(state, item))).toEqual(['f2']);
    state = undoFileChange(state, item, 'f1');
    state = undoFileChange(state, item, 'f2');
    expect(hasAnyFileChanges(state)).toBe(false);
    expect(finalFileIds(linksOf(state, item))).toEqual(['f1']);
  });

  it('excludes files already linked or pending from the picker', () => {
    let state = linkFile(start(), item, file('f3'));
    state = unlinkFile(state, item, 'f1');
    expect(pickableFiles(library, linksOf(state, item)).map((entry) => entry.id)).toEqual(['f2', 'f4']);
  });

  it('requires a file on a documents item, with the shared message', () => {
    const state = unlinkFile(start(), item, 'f1');
    expect(fileLinksError('Documents', linksOf(state, item))).toBe(documentMessages.uploadRequired);
    expect(fileLinksError('Reports', linksOf(state, item))).toBeUndefined();
    expect(fileLinksError('Documents', linksOf(start(), item))).toBeUndefined();
    expect(fileLinkMessages).toEqual({
      uploadRequired: documentMessages.uploadRequired,
      linkedPending: documentMessages.linkedPending,
      unlinkedPending: documentMessages.unlinkedPending,
      undo: documentMessages.undo,
    });
  });
});
