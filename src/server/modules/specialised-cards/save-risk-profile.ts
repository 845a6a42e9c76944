import { sql } from 'drizzle-orm';
import type { CardView } from '../../../shared/cards';
import { riskAnswerError, riskMessages, riskQuestionOfKey } from '../../../shared/risk-profile-catalogue';
import type { RiskProfileInput } from '../../../shared/specialised-cards';
import { riskProfileAnswers } from '../../db/schema';
import {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  mainCardView,
  recordChange,
  type WriteContext,
} from '../cards';
import { findCardItem } from './card-items';

/** PUT .../risk-profile — answers to the questions; null removes an answer ('No Answer'). */
export async function saveRiskProfile({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: RiskProfileInput & { productId: string };
}): Promise<CardView> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    for (const [index, { itemUid, answer }] of input.answers.entries()) {
      const item = await findCardItem(db, product.id, itemUid, 'RiskProfile');
      const question = riskQuestionOfKey(item.catalogueKey);
      if (!question) throw invalid(`answers.${index}.itemUid`, riskMessages.unknownQuestion);
      const problem = riskAnswerError(question, answer);
      if (problem) throw invalid(`answers.${index}.answer`, problem);
      if (answer === null) {
        await db.delete(riskProfileAnswers).where(sql`${riskProfileAnswers.itemId} = ${item.id}`);
      } else {
        await db
          .insert(riskProfileAnswers)
          .values({ itemId: item.id, organisationId: product.organisationId, answer })
          .onConflictDoUpdate({ target: riskProfileAnswers.itemId, set: { answer, updatedAt: new Date() } });
      }
    }
    await recordChange(db, viewer, {
      action: 'risk_profile.saved',
      target: `product:${product.id}`,
      data: { answers: input.answers.length },
    });
    return mainCardView(db, viewer, product.id, 'RiskProfile');
  });
}
