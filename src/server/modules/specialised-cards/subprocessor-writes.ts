import { and, eq } from 'drizzle-orm';
import { companyDisplay } from '../../../shared/company-catalogue';
import { AppError } from '../../../shared/errors';
import { type Subprocessor, SubprocessorInput, specialisedMessages } from '../../../shared/specialised-cards';
import { subprocessors } from '../../db/schema';
import { assertCanEdit, inWriteTransaction, lockProduct, recordChange, type WriteContext } from '../cards';
import { rememberAnnouncedList } from './announced-list';
import { findSubprocessor } from './queries';
import { toSubprocessor } from './serialise';

/**
 * What changed in the list, so staff can be offered a trust update naming the companies added and
 * removed (the updates feature sends it).
 */
export type SubprocessorChange = { subprocessor: Subprocessor | null; added: string[]; removed: string[] };

/** POST .../subprocessors */
export async function createSubprocessor({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; body: SubprocessorInput };
}): Promise<SubprocessorChange> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  const values = SubprocessorInput.parse(input.body);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    await rememberAnnouncedList(db, product);
    const [row] = await db
      .insert(subprocessors)
      .values({ organisationId: product.organisationId, productId: product.id, ...values })
      .returning();
    const name = companyDisplay(values.company).name;
    await recordChange(db, viewer, {
      action: 'subprocessor.created',
      target: `subprocessor:${row!.id}`,
      data: { productId: product.id, company: name },
    });
    return { subprocessor: toSubprocessor(row!), added: [name], removed: [] };
  });
}

/** PATCH .../subprocessors/:id — a changed company counts as one removed and one added. */
export async function updateSubprocessor({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; id: string; body: SubprocessorInput };
}): Promise<SubprocessorChange> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  const values = SubprocessorInput.parse(input.body);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    await rememberAnnouncedList(db, product);
    const existing = await findSubprocessor(db, product.id, input.id);
    if (!existing) throw new AppError('not_found', specialisedMessages.subprocessorNotFound);
    const [row] = await db
      .update(subprocessors)
      .set(values)
      .where(and(eq(subprocessors.id, existing.id), eq(subprocessors.productId, product.id)))
      .returning();
    const before = companyDisplay(existing.company).name;
    const after = companyDisplay(values.company).name;
    await recordChange(db, viewer, {
      action: 'subprocessor.updated',
      target: `subprocessor:${existing.id}`,
      data: { productId: product.id, company: after },
    });
    const isRenamed = before !== after;
    return {
      subprocessor: toSubprocessor(row!),
      added: isRenamed ? [after] : [],
      removed: isRenamed ? [before] : [],
    };
  });
}

/** DELETE .../subprocessors/:id */
export async function deleteSubprocessor({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: { productId: string; id: string };
}): Promise<SubprocessorChange> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    await rememberAnnouncedList(db, product);
    const existing = await findSubprocessor(db, product.id, input.id);
    if (!existing) throw new AppError('not_found', specialisedMessages.subprocessorNotFound);
    await db.delete(subprocessors).where(eq(subprocessors.id, existing.id));
    const name = companyDisplay(existing.company).name;
    await recordChange(db, viewer, {
      action: 'subprocessor.deleted',
      target: `subprocessor:${existing.id}`,
      data: { productId: product.id, company: name },
    });
    return { subprocessor: null, added: [], removed: [name] };
  });
}
