import { KbEntryInput, type KbHit } from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { insertAuditEntry } from '../../core';
import { knowledgeBaseEntries } from '../../db/schema';
import { requestEmbeddingRefresh } from '../search';
import { toKbHit } from './queries';
import { assertOwnProducts, requireEditor } from './staff-checks';

export async function createKbEntry({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: KbEntryInput;
}): Promise<KbHit> {
  requireEditor(ctx.viewer);
  const entry = KbEntryInput.parse(input);
  const organisationId = ctx.viewer.organisation.id;
  const productIds = [...new Set(entry.productIds)];
  return ctx.db.transaction(async (tx) => {
    await assertOwnProducts(tx, organisationId, productIds);
    const [row] = await tx
      .insert(knowledgeBaseEntries)
      .values({ ...entry, productIds, organisationId, modifiedByStaffUserId: ctx.viewer.staff!.id })
      .returning();
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: ctx.viewer.staff!.id,
      action: 'kb.entry.create',
      target: row!.id,
      data: { question: row!.question, accessLevel: row!.accessLevel },
    });
    await requestEmbeddingRefresh(tx, ctx.providers, organisationId);
    return toKbHit(row!);
  });
}
