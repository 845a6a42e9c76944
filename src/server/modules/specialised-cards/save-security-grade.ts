import { AppError } from '../../../shared/errors';
import { gradeEntryErrors, providerOfKey } from '../../../shared/security-grade-catalogue';
import {
  type SecurityGradeEntry,
  SecurityGradeInput,
  specialisedMessages,
} from '../../../shared/specialised-cards';
import { securityGrades } from '../../db/schema';
import {
  assertCanEdit,
  invalid,
  inWriteTransaction,
  lockProduct,
  recordChange,
  type WriteContext,
} from '../cards';
import { findCardItem } from './card-items';

/** PUT .../security-grades/:itemUid — the provider entry's display name, url (or domain) and grade. */
export async function saveSecurityGrade({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: SecurityGradeInput & { productId: string; itemUid: string };
}): Promise<SecurityGradeEntry> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  const entry = SecurityGradeInput.parse(input);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    const item = await findCardItem(db, product.id, input.itemUid, 'SecurityGrades');
    const provider = providerOfKey(item.catalogueKey);
    if (!provider) throw invalid('itemUid', specialisedMessages.notSpecialisedItem);
    const errors = gradeEntryErrors(provider, {
      displayName: entry.label,
      url: entry.url,
      grade: entry.grade,
    });
    const fields = Object.entries(errors).map(([field, message]) => [
      field === 'displayName' ? 'label' : field,
      message,
    ]);
    if (fields.length > 0) {
      throw new AppError('validation_failed', fields[0]![1]!, Object.fromEntries(fields));
    }
    const values = { label: entry.label, url: provider.url ? entry.url : '', grade: entry.grade };
    await db
      .insert(securityGrades)
      .values({ itemId: item.id, organisationId: product.organisationId, ...values })
      .onConflictDoUpdate({ target: securityGrades.itemId, set: { ...values, updatedAt: new Date() } });
    await recordChange(db, viewer, {
      action: 'security_grade.saved',
      target: `item:${item.id}`,
      data: { provider: provider.slug, grade: entry.grade },
    });
    return { itemUid: item.id, ...values };
  });
}
