import { productMessages } from '../../../shared/console-admin';
import { AppError } from '../../../shared/errors';

/** An order must name every existing id exactly once; anything else is a 400, nothing moves. */
export function assertCompleteOrder(existing: readonly { id: string }[], ids: readonly string[]): void {
  const known = new Set(existing.map((row) => row.id));
  const given = new Set(ids);
  if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id))) {
    throw new AppError('validation_failed', productMessages.orderMismatch, {
      ids: productMessages.orderMismatch,
    });
  }
}
