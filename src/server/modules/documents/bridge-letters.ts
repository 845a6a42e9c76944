import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { cardMessages } from '../../../shared/cards';
import {
  BridgeLetterInput,
  BridgeLetterType,
  type BridgeLetterView,
  bridgeLetterErrors,
  bridgeLettersAllowed,
  bridgeLetterTitles,
} from '../../../shared/documents';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { bridgeLetters } from '../../db/schema';
import { canUseConsole } from '../../policy';
import {
  assertCanEdit,
  findProductOfOrganisation,
  inWriteTransaction,
  lockProduct,
  recordChange,
} from '../cards';
import { letterFileName } from './document-bodies';
import { type BridgeLetterRow, findBridgeLetter, findCatalogueItemOfProduct } from './queries';

/** The report item a letter bridges; its access decides who gets the letter. */
export const letterReportItemKey: Record<BridgeLetterType, string> = {
  soc1: 'reports.soc-1-type-2',
  soc2: 'reports.soc-2-type-2',
};

const Params = z.object({ productId: z.string().uuid(), letterType: BridgeLetterType });

function toView(
  organisationName: string,
  slug: string,
  letterType: BridgeLetterType,
  row: BridgeLetterRow | null,
  reportItemUid: string | null,
): BridgeLetterView {
  return {
    letterType,
    letterEnabled: row !== null,
    letterContent: row?.content ?? '',
    signerName: row?.signerName ?? '',
    signerTitle: row?.signerTitle ?? '',
    letterId: row?.id ?? null,
    itemUid: row?.itemId ?? reportItemUid,
    letterDate: row?.letterDate ?? null,
    fileName: letterFileName({ letterType }, organisationName),
    viewUrl: row?.itemId
      ? `/api/statuspage/share/${slug}/documents/${row.id}?itemUid=${row.itemId}&disposition=inline`
      : null,
  };
}

export async function getBridgeLetter({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: z.input<typeof Params>;
}): Promise<BridgeLetterView> {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const { productId, letterType } = Params.parse(input);
  const { organisation } = ctx.viewer;
  const product = await findProductOfOrganisation(ctx.db, organisation.id, productId);
  if (!product) throw new AppError('product_not_found', messages.productNotFound);
  const row = await findBridgeLetter(ctx.db, productId, letterType);
  // The editor places the letter under its report item, so the item is named before any letter exists.
  const item = row?.itemId
    ? null
    : await findCatalogueItemOfProduct(ctx.db, productId, letterReportItemKey[letterType]);
  return toView(organisation.name, organisation.slug, letterType, row, item?.id ?? null);
}

/**
 * Saves (or, when disabled, removes) a product's SOC 1 / SOC 2 letter; the letter date is the day
 * of the save. Content and signer are required only when the letter is enabled (spec 2 §5).
 */
export async function saveBridgeLetter({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: z.input<typeof Params> & z.input<typeof BridgeLetterInput>;
}): Promise<BridgeLetterView> {
  assertCanEdit(ctx.viewer);
  const { productId, letterType } = Params.parse(input);
  const letter = BridgeLetterInput.parse(input);
  // Without the feature a letter can still be switched off, so a downgrade can clean up.
  if (letter.letterEnabled && !bridgeLettersAllowed(ctx.viewer.organisation.planFeatures)) {
    throw new AppError('forbidden', cardMessages.upgradePlan);
  }
  const fields = bridgeLetterErrors(letter);
  const first = Object.values(fields)[0];
  if (first) throw new AppError('validation_failed', first, fields);
  const { organisation } = ctx.viewer;
  const { row, item } = await inWriteTransaction(ctx, async (tx) => {
    await lockProduct(tx, ctx.viewer, productId);
    const existing = await findBridgeLetter(tx, productId, letterType);
    const item = await findCatalogueItemOfProduct(tx, productId, letterReportItemKey[letterType]);
    if (!letter.letterEnabled) {
      if (existing) await tx.delete(bridgeLetters).where(eq(bridgeLetters.id, existing.id));
      await recordChange(tx, ctx.viewer, {
        action: 'bridge_letter.disable',
        target: productId,
        data: { letterType },
      });
      return { row: null, item };
    }
    const values = {
      itemId: item?.id ?? null,
      title: bridgeLetterTitles[letterType],
      content: letter.letterContent.trim(),
      signerName: letter.signerName.trim(),
      signerTitle: letter.signerTitle.trim(),
      letterDate: new Date().toISOString().slice(0, 10),
      updatedAt: new Date(),
    };
    const [saved] = existing
      ? await tx
          .update(bridgeLetters)
          .set(values)
          .where(and(eq(bridgeLetters.id, existing.id), eq(bridgeLetters.productId, productId)))
          .returning()
      : await tx
          .insert(bridgeLetters)
          .values({ organisationId: organisation.id, productId, letterType, ...values })
          .returning();
    await recordChange(tx, ctx.viewer, {
      action: 'bridge_letter.save',
      target: productId,
      data: { letterType },
    });
    return { row: saved!, item };
  });
  return toView(organisation.name, organisation.slug, letterType, row, item?.id ?? null);
}
