import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Subprocessor } from '../../../shared/specialised-cards';
import type { Context } from '../../context';
import { assertCanEdit, findProductOfOrganisation } from '../cards';
import { listSubprocessors } from './queries';
import { toSubprocessor } from './serialise';

/** GET .../subprocessors: every subprocessor of the product, for staff who may edit the page. */
export async function listProductSubprocessors({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { productId: string };
}): Promise<{ subprocessors: Subprocessor[] }> {
  const { db, viewer } = ctx;
  assertCanEdit(viewer);
  const product = await findProductOfOrganisation(db, viewer.organisation.id, input.productId);
  if (!product) throw new AppError('product_not_found', messages.productNotFound);
  return { subprocessors: (await listSubprocessors(db, product.id)).map(toSubprocessor) };
}
