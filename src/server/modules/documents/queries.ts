import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CardKind } from '../../../shared/card-kinds';
import type { EnabledState } from '../../../shared/cards';
import type { Database } from '../../db/client';
import { bridgeLetters, cards, files, fileTexts, itemFiles, items, products } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;
export type BridgeLetterRow = typeof bridgeLetters.$inferSelect;

/** What the gate needs about an item, and the card it sits on. */
export type GateItem = {
  id: string;
  productId: string;
  cardKind: CardKind;
  title: string;
  enabledState: EnabledState;
  isPublic: boolean;
  isHidden: boolean;
  featuredPosition: number | null;
  isCardHidden: boolean;
  isProductShown: boolean;
};

const gateItemColumns = {
  id: items.id,
  productId: items.productId,
  cardKind: items.cardKind,
  title: items.title,
  enabledState: items.enabledState,
  isPublic: items.isPublic,
  isHidden: items.isHidden,
  featuredPosition: items.featuredPosition,
  isProductShown: products.isShown,
};

type GateItemRow = Omit<GateItem, 'isCardHidden'> & { isCardHidden: boolean | null };
const toGateItem = (row: GateItemRow): GateItem => ({ ...row, isCardHidden: row.isCardHidden ?? false });

export async function listLibraryFileRows(db: Database, organisationId: string) {
  const [fileRows, linkRows, refusalRows] = await Promise.all([
    db.select().from(files).where(eq(files.organisationId, organisationId)).orderBy(asc(files.createdAt)),
    db
      .select({ fileId: itemFiles.fileId, itemUid: items.id, title: items.title, productId: items.productId })
      .from(itemFiles)
      .innerJoin(items, eq(items.id, itemFiles.itemId))
      .where(eq(items.organisationId, organisationId))
      .orderBy(asc(items.title)),
    db
      .select({ fileId: fileTexts.fileId, reason: fileTexts.failureReason })
      .from(fileTexts)
      .where(and(eq(fileTexts.organisationId, organisationId), eq(fileTexts.status, 'failed'))),
  ]);
  return { fileRows, linkRows, refusalRows };
}

export async function findFileOfOrganisation(
  db: Database,
  organisationId: string,
  fileId: string,
): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.organisationId, organisationId)))
    .limit(1);
  return row ?? null;
}

/** A file linked to an item of the organisation, with that item and its card. */
export async function findLinkedFile(db: Database, organisationId: string, fileId: string, itemId: string) {
  const [row] = await db
    .select({ file: files, item: { ...gateItemColumns, isCardHidden: cards.isHidden } })
    .from(itemFiles)
    .innerJoin(files, eq(files.id, itemFiles.fileId))
    .innerJoin(items, eq(items.id, itemFiles.itemId))
    .innerJoin(products, eq(products.id, items.productId))
    .leftJoin(cards, and(eq(cards.productId, items.productId), eq(cards.kind, items.cardKind)))
    .where(
      and(
        eq(itemFiles.fileId, fileId),
        eq(itemFiles.itemId, itemId),
        eq(files.organisationId, organisationId),
        eq(items.organisationId, organisationId),
      ),
    )
    .limit(1);
  return row ? { file: row.file, item: toGateItem(row.item) } : null;
}

/** A bridge letter with the report item it belongs to. */
export async function findLinkedLetter(
  db: Database,
  organisationId: string,
  letterId: string,
  itemId: string,
) {
  const [row] = await db
    .select({ letter: bridgeLetters, item: { ...gateItemColumns, isCardHidden: cards.isHidden } })
    .from(bridgeLetters)
    .innerJoin(items, eq(items.id, bridgeLetters.itemId))
    .innerJoin(products, eq(products.id, items.productId))
    .leftJoin(cards, and(eq(cards.productId, items.productId), eq(cards.kind, items.cardKind)))
    .where(
      and(
        eq(bridgeLetters.id, letterId),
        eq(bridgeLetters.itemId, itemId),
        eq(bridgeLetters.organisationId, organisationId),
      ),
    )
    .limit(1);
  return row ? { letter: row.letter, item: toGateItem(row.item) } : null;
}

/** Every file link and every letter of the product, with their items: what the documents card can offer. */
export async function listProductDocumentRows(db: Database, organisationId: string, productId: string) {
  const [fileRows, letterRows] = await Promise.all([
    db
      .select({
        file: files,
        position: itemFiles.position,
        item: { ...gateItemColumns, isCardHidden: cards.isHidden },
      })
      .from(itemFiles)
      .innerJoin(files, eq(files.id, itemFiles.fileId))
      .innerJoin(items, eq(items.id, itemFiles.itemId))
      .innerJoin(products, eq(products.id, items.productId))
      .leftJoin(cards, and(eq(cards.productId, items.productId), eq(cards.kind, items.cardKind)))
      .where(and(eq(items.productId, productId), eq(files.organisationId, organisationId)))
      .orderBy(asc(items.id), asc(files.id)),
    db
      .select({ letter: bridgeLetters, item: { ...gateItemColumns, isCardHidden: cards.isHidden } })
      .from(bridgeLetters)
      .innerJoin(items, eq(items.id, bridgeLetters.itemId))
      .innerJoin(products, eq(products.id, items.productId))
      .leftJoin(cards, and(eq(cards.productId, items.productId), eq(cards.kind, items.cardKind)))
      .where(and(eq(bridgeLetters.productId, productId), eq(bridgeLetters.organisationId, organisationId)))
      .orderBy(asc(items.id), asc(bridgeLetters.id)),
  ]);
  return {
    fileRows: fileRows.map((row) => ({ ...row, item: toGateItem(row.item) })),
    letterRows: letterRows.map((row) => ({ ...row, item: toGateItem(row.item) })),
  };
}

/** Files whose text extraction found them password-protected: served as stored, slower to open. */
export async function listEncryptedFileIds(db: Database, fileIds: string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .select({ fileId: fileTexts.fileId })
    .from(fileTexts)
    .where(and(inArray(fileTexts.fileId, fileIds), eq(fileTexts.failureReason, 'encrypted')));
  return new Set(rows.map((row) => row.fileId));
}

export async function listDocumentsCardItems(db: Database, productId: string) {
  return db
    .select({ id: items.id, featuredPosition: items.featuredPosition })
    .from(items)
    .where(and(eq(items.productId, productId), eq(items.cardKind, 'Documents')));
}

export async function findItemOfProduct(db: Database, productId: string, itemId: string) {
  const [row] = await db
    .select({ id: items.id, cardKind: items.cardKind, title: items.title })
    .from(items)
    .where(and(eq(items.productId, productId), eq(items.id, itemId)))
    .limit(1);
  return row ?? null;
}

export async function findCatalogueItemOfProduct(db: Database, productId: string, catalogueKey: string) {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.productId, productId), eq(items.catalogueKey, catalogueKey)))
    .limit(1);
  return row ?? null;
}

export async function findBridgeLetter(db: Database, productId: string, letterType: 'soc1' | 'soc2') {
  const [row] = await db
    .select()
    .from(bridgeLetters)
    .where(and(eq(bridgeLetters.productId, productId), eq(bridgeLetters.letterType, letterType)))
    .limit(1);
  return row ?? null;
}
