import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CardKind } from '../../../../shared/card-kinds';
import type { CardView, EnabledState, ItemView } from '../../../../shared/cards';
import { companyDisplay } from '../../../../shared/company-catalogue';
import { itemPermalinkPath } from '../../../../shared/item-links';
import type { EvidenceAccess } from '../../../../shared/questionnaire-drafts';
import { riskAnswerLabel, riskQuestionOfKey } from '../../../../shared/risk-profile-catalogue';
import type { Context } from '../../../context';
import { listProducts, portalUrl } from '../../../core';
import { files, fileTextChunks, items, knowledgeBaseEntries } from '../../../db/schema';
import { canSeeProduct } from '../../../policy';
import { listCardViews } from '../../cards';
import { loadScopeForProduct } from '../../search';
import { buildSpecialisedView } from '../../specialised-cards';

/**
 * Everything a questionnaire may be answered from, for one viewer and one product, read only through
 * the gate's own views (card views, the search scope, the specialised view): a draft for a member can
 * rest on nothing that member may not read.
 */
export type ItemEvidence = {
  itemUid: string;
  catalogueKey: string | null;
  card: CardKind;
  cardTitle: string;
  title: string;
  state: EnabledState;
  explanation: string;
  listEntries: string[];
  auditor: string | null;
  expiry: string | null;
  access: EvidenceAccess;
  url: string;
};
export type FaqEvidence = {
  id: string;
  question: string;
  answer: string;
  access: EvidenceAccess;
  /** The trust center, where the entry is found by search (entries have no page of their own). */
  url: string;
  editUrl: string;
};
export type PassageEvidence = {
  fileId: string;
  title: string;
  page: number;
  text: string;
  access: EvidenceAccess;
  url: string;
};
export type SubprocessorEvidence = {
  name: string;
  purpose: string;
  location: string;
  details: string;
  url: string;
  access: EvidenceAccess;
};
export type RiskEvidence = { key: string; title: string; value: string; url: string; access: EvidenceAccess };

export type Evidence = {
  organisationName: string;
  productName: string;
  items: ItemEvidence[];
  faq: FaqEvidence[];
  passages: PassageEvidence[];
  subprocessors: SubprocessorEvidence[];
  riskProfile: RiskEvidence[];
};

export type EvidenceContext = Pick<Context, 'db' | 'viewer' | 'config'>;

function accessOf(item: Pick<ItemView, 'isPublic' | 'isHidden'>): EvidenceAccess {
  if (item.isHidden) return 'hidden';
  return item.isPublic ? 'public' : 'restricted';
}

/** The product a questionnaire is answered for: the one named, else the first the viewer may see. */
export async function findEvidenceProduct(ctx: EvidenceContext, productSlug?: string) {
  const products = (await listProducts(ctx.db, ctx.viewer.organisation.id)).filter((product) =>
    canSeeProduct(ctx.viewer, product),
  );
  const product = productSlug ? products.find((candidate) => candidate.slug === productSlug) : products[0];
  return product ? { product, hasSeveralProducts: products.length > 1 } : null;
}

/** The viewer's evidence for one product; locked items (title only) are left out: a title proves nothing. */
export async function loadEvidence(
  ctx: EvidenceContext,
  target: { product: { id: string; name: string; slug: string }; hasSeveralProducts: boolean },
): Promise<Evidence> {
  const { viewer } = ctx;
  const { product } = target;
  const base = portalUrl(ctx.config.publicUrl, viewer.organisation);
  const permalink = (slug: string) =>
    `${base}${itemPermalinkPath('', { productSlug: product.slug, hasSeveralProducts: target.hasSeveralProducts }, slug)}`;
  const [cards, scope] = await Promise.all([
    listCardViews({ ctx, input: { productId: product.id } }),
    loadScopeForProduct(ctx, product.id),
  ]);
  const readable = cards.flatMap((card) =>
    card.items.filter((item) => !item.isLocked).map((item) => ({ card, item })),
  );
  const [keys, specialised, faqRows, chunkRows] = await Promise.all([
    readable.length === 0
      ? []
      : ctx.db
          .select({ id: items.id, catalogueKey: items.catalogueKey })
          .from(items)
          .where(
            inArray(
              items.id,
              readable.map(({ item }) => item.itemUid),
            ),
          ),
    buildSpecialisedView(ctx.db, product.id, cards),
    loadFaq(ctx, product.id, scope.kbAccessLevels),
    loadPassages(
      ctx,
      scope.files.map((entry) => entry.fileId),
    ),
  ]);
  const keyOf = new Map(keys.map((row) => [row.id, row.catalogueKey]));
  const itemOfFile = new Map(scope.files.map((entry) => [entry.fileId, entry.itemId]));
  const itemById = new Map(readable.map(({ item }) => [item.itemUid, item]));
  const cardOf = (kind: CardKind) => cards.find((card: CardView) => card.kind === kind);
  return {
    organisationName: viewer.organisation.name,
    productName: product.name,
    items: readable.map(({ card, item }) => ({
      itemUid: item.itemUid,
      catalogueKey: keyOf.get(item.itemUid) ?? null,
      card: card.kind,
      cardTitle: card.title,
      title: item.title,
      state: item.enabledState,
      explanation: item.explanation ?? '',
      listEntries: item.listEntries ?? [],
      auditor: item.auditor,
      expiry: item.expiry,
      access: accessOf(item),
      url: permalink(item.slug),
    })),
    faq: faqRows.map((row) => ({
      id: row.id,
      question: row.question,
      answer: row.answer,
      access: row.accessLevel === 'internal' ? 'hidden' : row.accessLevel,
      url: base,
      editUrl: `${ctx.config.publicUrl}/console/knowledge-base?entry=${row.id}`,
    })),
    passages: chunkRows.map((row) => {
      const item = itemById.get(itemOfFile.get(row.fileId) ?? '');
      return {
        fileId: row.fileId,
        title: row.title,
        page: row.pageNumber,
        text: row.text,
        access: item ? accessOf(item) : 'restricted',
        url: item ? `${permalink(item.slug)}#page=${row.pageNumber}` : base,
      };
    }),
    subprocessors: cardOf('Subprocessors')
      ? specialised.subprocessors.map((entry) => ({
          name: companyDisplay(entry.company).name,
          purpose: entry.purpose,
          location: entry.location,
          details: entry.additionalDetails,
          url: `${base}#subprocessors`,
          access: cardOf('Subprocessors')!.isHidden ? 'hidden' : 'public',
        }))
      : [],
    riskProfile: Object.entries(specialised.riskAnswers).flatMap(([itemUid, answer]) => {
      const question = riskQuestionOfKey(specialised.itemKeys[itemUid]);
      const item = itemById.get(itemUid);
      if (!question || !item || answer === null) return [];
      return [
        {
          key: question.key,
          title: item.title,
          value: riskAnswerLabel(question, answer),
          url: permalink(item.slug),
          access: accessOf(item),
        },
      ];
    }),
  };
}

function loadFaq(ctx: EvidenceContext, productId: string, accessLevels: string[]) {
  if (accessLevels.length === 0) return Promise.resolve([]);
  return ctx.db
    .select({
      id: knowledgeBaseEntries.id,
      question: knowledgeBaseEntries.question,
      answer: knowledgeBaseEntries.answer,
      accessLevel: knowledgeBaseEntries.accessLevel,
    })
    .from(knowledgeBaseEntries)
    .where(
      and(
        eq(knowledgeBaseEntries.organisationId, ctx.viewer.organisation.id),
        inArray(knowledgeBaseEntries.accessLevel, accessLevels as ('public' | 'restricted' | 'internal')[]),
        sql`(cardinality(${knowledgeBaseEntries.productIds}) = 0 or ${knowledgeBaseEntries.productIds} @> array[${productId}]::uuid[])`,
      ),
    )
    .orderBy(asc(knowledgeBaseEntries.createdAt), asc(knowledgeBaseEntries.id));
}

function loadPassages(ctx: EvidenceContext, fileIds: string[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return ctx.db
    .select({
      fileId: fileTextChunks.fileId,
      title: files.title,
      pageNumber: fileTextChunks.pageNumber,
      text: fileTextChunks.text,
    })
    .from(fileTextChunks)
    .innerJoin(files, eq(files.id, fileTextChunks.fileId))
    .where(inArray(fileTextChunks.fileId, fileIds))
    .orderBy(asc(fileTextChunks.fileId), asc(fileTextChunks.position));
}
