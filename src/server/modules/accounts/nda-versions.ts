import { createHash } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type NdaVersion, NdaVersionInput } from '../../../shared/access';
import { requireAccessEditor, requireConsole, type StaffContext, writeAudit } from '../../core';
import { ndaAcceptances, ndaVersions } from '../../db/schema';

export async function listNdaVersions({ ctx }: { ctx: StaffContext }): Promise<NdaVersion[]> {
  requireConsole(ctx.viewer);
  const rows = await ctx.db
    .select({ version: ndaVersions, acceptanceCount: count(ndaAcceptances.id) })
    .from(ndaVersions)
    .leftJoin(ndaAcceptances, eq(ndaAcceptances.ndaVersionId, ndaVersions.id))
    .where(eq(ndaVersions.organisationId, ctx.viewer.organisation.id))
    .groupBy(ndaVersions.id)
    .orderBy(desc(ndaVersions.createdAt), desc(ndaVersions.id));
  return rows.map(({ version, acceptanceCount }) => ({
    id: version.id,
    title: version.title,
    body: version.body,
    sha256: version.sha256,
    sourceFileName: version.sourceFileName,
    createdAt: version.createdAt.toISOString(),
    acceptanceCount: Number(acceptanceCount),
  }));
}

/**
 * A new NDA version; versions are never edited, so every acceptance names the exact text (sha256).
 * Members who accepted an older version are asked again.
 */
export async function createNdaVersion({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: z.input<typeof NdaVersionInput> & { sourceFileName?: string | null };
}): Promise<NdaVersion> {
  const staff = requireAccessEditor(ctx.viewer);
  const { title, body } = NdaVersionInput.parse(input);
  const sha256 = createHash('sha256').update(body, 'utf8').digest('hex');
  const id = await ctx.db.transaction(async (tx) => {
    const [version] = await tx
      .insert(ndaVersions)
      .values({
        organisationId: ctx.viewer.organisation.id,
        title,
        body,
        sha256,
        sourceFileName: input.sourceFileName?.slice(0, 255) ?? null,
        createdByStaffUserId: staff.id,
      })
      .returning();
    await writeAudit(tx, ctx.viewer, {
      action: 'nda_version.create',
      target: version!.id,
      data: { title, sha256 },
    });
    return version!.id;
  });
  return (await listNdaVersions({ ctx })).find((version) => version.id === id)!;
}
