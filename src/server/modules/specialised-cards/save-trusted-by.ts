import { eq } from 'drizzle-orm';
import type { Company, TrustedByInput } from '../../../shared/specialised-cards';
import { trustedByCompanies } from '../../db/schema';
import { assertCanEdit, inWriteTransaction, lockProduct, recordChange, type WriteContext } from '../cards';

/** PUT .../trusted-by — the whole list of companies in display order. */
export async function saveTrustedBy({
  ctx,
  input,
}: {
  ctx: WriteContext;
  input: TrustedByInput & { productId: string };
}): Promise<{ companies: Company[] }> {
  const { viewer } = ctx;
  assertCanEdit(viewer);
  return inWriteTransaction(ctx, async (db) => {
    const product = await lockProduct(db, viewer, input.productId);
    await db.delete(trustedByCompanies).where(eq(trustedByCompanies.productId, product.id));
    if (input.companies.length > 0) {
      await db.insert(trustedByCompanies).values(
        input.companies.map((company, position) => ({
          organisationId: product.organisationId,
          productId: product.id,
          position,
          company,
        })),
      );
    }
    await recordChange(db, viewer, {
      action: 'trusted_by.saved',
      target: `product:${product.id}`,
      data: { companies: input.companies.length },
    });
    return { companies: input.companies };
  });
}
