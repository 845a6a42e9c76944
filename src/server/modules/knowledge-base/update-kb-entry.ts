import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { KbEntryPatch, type KbHit, kbMessages } from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { insertAuditEntry } from '../../core';
import { knowledgeBaseEntries } from '../../db/schema';
import { requestEmbeddingRefresh } from '../search';
import { toKbHit } from './queries';
import { assertOwnProducts, requireEditor } from './staff-checks';

export async function updateKbEntry({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: { entryId: string; patch: KbEntryPatch };
}): Promise<KbHit> {
  requireEditor(ctx.viewer);
  const patch = KbEntryPatch.parse(input.patch);
  const organisationId = ctx.viewer.organisation.id;
  const productIds = patch.productIds ? [...new Set(patch.productIds)] : undefined;
  return ctx.db.transaction(async (tx) => {
    if (productIds) await assertOwnProducts(tx, organisationId, productIds);
    const [row] = await tx
      .update(knowledgeBaseEntries)
      .set({
        ...patch,
        ...(productIds ? { productIds } : {}),
        modifiedAt: sql`now()`,
        modifiedByStaffUserId: ctx.viewer.staff!.id,
      })
      .where(
        and(
          eq(knowledgeBaseEntries.id, input.entryId),
          eq(knowledgeBaseEntries.organisationId, organisationId),
        ),
      )
      .returning();
    if (!row) throw new AppError('not_found', kbMessages.entryNotFound);
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: ctx.viewer.staff!.id,
      action: 'kb.entry.update',
      target: row.id,
      data: { fields: Object.keys(patch) },
    });
    await requestEmbeddingRefresh(tx, ctx.providers, organisationId);
    return toKbHit(row);
  });
}
