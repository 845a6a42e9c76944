import { AppError } from '../../../shared/errors';
import { type KbHit, kbMessages } from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { findKbEntry, toKbHit } from './queries';
import { requireConsole } from './staff-checks';

export async function getKbEntry({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { entryId: string };
}): Promise<KbHit> {
  requireConsole(ctx.viewer);
  const row = await findKbEntry(ctx.db, ctx.viewer.organisation.id, input.entryId);
  if (!row) throw new AppError('not_found', kbMessages.entryNotFound);
  return toKbHit(row);
}
