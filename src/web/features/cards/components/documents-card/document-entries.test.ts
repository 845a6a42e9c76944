import { describe, expect, it } from 'vitest';
import { documentLimits, documentMessages } from '../../../../../shared/documents';
import { cardViewFixture, itemViewFixture } from '../../../../lib/test-support/card-view-fixture';
import { englishTranslator } from '../../../../lib/test-support/english-translator';
import {
  canBulkDownload,
  categoryCounts,
  collapsedTileCount,
  documentEntries,
  downloadableGroups,
  effectiveTab,
  entriesInTab,
  hasDocumentTabs,
  isCollapsible,
  visibleEntries,
} from './document-entries';
import { documentFileFixture } from './documents-fixture';
import { documentsTextsFor } from './documents-texts';

const documentsTexts = documentsTextsFor(englishTranslator);

describe('documentEntries', () => {
  it('sorts featured documents first in featured order, then files before letters, then by category, then by title', () => {
    const zeta = itemViewFixture({ title: 'Zeta policy' });
    const alpha = itemViewFixture({ title: 'Alpha policy' });
    const soc2 = itemViewFixture({ title: 'SOC 2' });
    const pentest = itemViewFixture({ title: 'Pen test' });
    const nda = itemViewFixture({ title: 'NDA' });
    const cards = [
      cardViewFixture({ kind: 'Documents', title: 'Documents', items: [zeta, alpha, pentest, nda] }),
      cardViewFixture({ kind: 'Reports', title: 'Reports', items: [soc2] }),
    ];
    const entries = documentEntries(cards, {
      featuredItemUids: [nda.itemUid, pentest.itemUid],
      files: [
        documentFileFixture(zeta.itemUid, { title: 'Zeta policy' }),
        documentFileFixture(alpha.itemUid, { title: 'alpha policy' }),
        documentFileFixture(soc2.itemUid, { title: 'A SOC 2 bridge letter', kind: 'letter' }),
        documentFileFixture(soc2.itemUid, { title: 'SOC 2 Type II report' }),
        documentFileFixture(pentest.itemUid, { title: 'Pen test summary' }),
        documentFileFixture(nda.itemUid, { title: 'Mutual NDA' }),
      ],
    });
    expect(entries.map((entry) => entry.title)).toEqual([
      'Mutual NDA',
      'Pen test summary',
      'SOC 2 Type II report',
      'alpha policy',
      'Zeta policy',
      'A SOC 2 bridge letter',
    ]);
    expect(entries.slice(0, 2).every((entry) => entry.isFeatured)).toBe(true);
  });

  it('turns a locked documents item into one locked tile without a file, and names untitled files by their file name', () => {
    const locked = itemViewFixture({ title: 'SOC 2 bridge letter', isLocked: true, isPublic: false });
    const open = itemViewFixture({ title: 'Security policy' });
    const entries = documentEntries(
      [cardViewFixture({ kind: 'Documents', title: 'Documents', items: [locked, open] })],
      {
        featuredItemUids: [],
        files: [documentFileFixture(open.itemUid, { title: ' ', originalName: 'policy.pdf' })],
      },
    );
    expect(entries.map((entry) => [entry.title, entry.isLocked, entry.file === null])).toEqual([
      ['policy.pdf', false, false],
      ['SOC 2 bridge letter', true, true],
    ]);
  });
});

describe('tabs', () => {
  const publicItem = itemViewFixture({ title: 'Public doc' });
  const privateItem = itemViewFixture({ title: 'Private doc', isPublic: false });
  const cards = [
    cardViewFixture({ kind: 'Documents', title: 'Documents', items: [publicItem, privateItem] }),
  ];

  it('appear only when both public and private documents exist, otherwise the tab resets to All', () => {
    const both = documentEntries(cards, {
      featuredItemUids: [],
      files: [documentFileFixture(publicItem.itemUid), documentFileFixture(privateItem.itemUid)],
    });
    expect(hasDocumentTabs(both)).toBe(true);
    expect(effectiveTab('private', both)).toBe('private');
    expect(entriesInTab(both, 'private').map((entry) => entry.itemUid)).toEqual([privateItem.itemUid]);
    expect(entriesInTab(both, 'public').map((entry) => entry.itemUid)).toEqual([publicItem.itemUid]);

    const publicOnly = documentEntries(cards, {
      featuredItemUids: [],
      files: [documentFileFixture(publicItem.itemUid)],
    });
    expect(hasDocumentTabs(publicOnly)).toBe(false);
    expect(effectiveTab('private', publicOnly)).toBe('all');
  });
});

describe('collapsing', () => {
  const item = itemViewFixture();
  const cards = [cardViewFixture({ kind: 'Documents', title: 'Documents', items: [item] })];
  const entriesOf = (count: number) =>
    documentEntries(cards, {
      featuredItemUids: [],
      files: Array.from({ length: count }, () => documentFileFixture(item.itemUid)),
    });

  it('shows 9 tiles on small screens and 12 otherwise until expanded', () => {
    const entries = entriesOf(15);
    expect(visibleEntries(entries, { isExpanded: false, isSmallScreen: true })).toHaveLength(9);
    expect(visibleEntries(entries, { isExpanded: false, isSmallScreen: false })).toHaveLength(12);
    expect(visibleEntries(entries, { isExpanded: true, isSmallScreen: true })).toHaveLength(15);
    expect(collapsedTileCount).toEqual({
      small: documentLimits.collapsedTilesSmall,
      large: documentLimits.collapsedTiles,
    });
  });

  it('needs the toggle only past the collapsed size', () => {
    expect(isCollapsible(entriesOf(10), true)).toBe(true);
    expect(isCollapsible(entriesOf(10), false)).toBe(false);
    expect(isCollapsible(entriesOf(12), false)).toBe(false);
    expect(isCollapsible(entriesOf(13), false)).toBe(true);
  });
});

describe('counts and bulk download', () => {
  const report = itemViewFixture({ title: 'SOC 2' });
  const policy = itemViewFixture({ title: 'Policy' });
  const cards = [
    cardViewFixture({ kind: 'Documents', title: 'Documents', displayText: 'Our documents', items: [policy] }),
    cardViewFixture({ kind: 'Reports', title: 'Reports', items: [report] }),
  ];

  it('counts documents per category card in category order, under the heading the card shows', () => {
    const entries = documentEntries(cards, {
      featuredItemUids: [],
      files: [
        documentFileFixture(policy.itemUid),
        documentFileFixture(report.itemUid),
        documentFileFixture(report.itemUid),
      ],
    });
    expect(categoryCounts(entries, cards)).toEqual([
      { kind: 'Reports', title: 'Reports', count: 2 },
      { kind: 'Documents', title: 'Our documents', count: 1 },
    ]);
    const ownOnly = documentEntries(cards, {
      featuredItemUids: [],
      files: [documentFileFixture(policy.itemUid), documentFileFixture(policy.itemUid)],
    });
    expect(categoryCounts(ownOnly, cards)).toEqual([]);
    const reportsOnly = documentEntries(cards, {
      featuredItemUids: [],
      files: [documentFileFixture(report.itemUid)],
    });
    expect(categoryCounts(reportsOnly, cards)).toEqual([{ kind: 'Reports', title: 'Reports', count: 1 }]);
  });

  it('offers bulk download only when enabled, with a product, and with a downloadable file', () => {
    const viewOnly = documentEntries(cards, {
      featuredItemUids: [],
      files: [documentFileFixture(policy.itemUid, { canDownload: false, downloadUrl: null })],
    });
    const downloadable = documentEntries(cards, {
      featuredItemUids: [],
      files: [documentFileFixture(policy.itemUid)],
    });
    const productId = '11111111-1111-4111-8111-111111111111';
    expect(canBulkDownload(downloadable, { isEnabled: true, productId })).toBe(true);
    expect(canBulkDownload(downloadable, { isEnabled: false, productId })).toBe(false);
    expect(canBulkDownload(downloadable, { isEnabled: true, productId: null })).toBe(false);
    expect(canBulkDownload(viewOnly, { isEnabled: true, productId })).toBe(false);
    expect(downloadableGroups(viewOnly)).toEqual([]);
    expect(downloadableGroups(downloadable).map((group) => group.itemTitle)).toEqual(['Policy']);
  });
});

describe('documentsTexts', () => {
  it('repeats the shared messages word for word', () => {
    expect(documentsTexts.featuredDocuments).toBe(documentMessages.featuredDocuments);
    expect(documentsTexts.viewAllDocuments).toBe(documentMessages.viewAllDocuments);
    expect(documentsTexts.viewLess).toBe(documentMessages.viewLess);
    expect(documentsTexts.untitled).toBe(documentMessages.untitled);
    expect(documentsTexts.downloadingFailed).toBe(documentMessages.downloadingFailed);
    expect(documentsTexts.downloadFailed).toBe(documentMessages.downloadFailed);
    expect(documentsTexts.encryptedViewing).toBe(documentMessages.encryptedViewing);
    expect(documentsTexts.viewOnlyIn('Trust Center')).toBe(documentMessages.viewOnly('Trust Center'));
    expect(documentsTexts.bulkDownloadFailed(3)).toBe(documentMessages.bulkDownloadFailed(3));
  });
});
