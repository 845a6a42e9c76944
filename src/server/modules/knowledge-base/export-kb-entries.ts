import { kbCsvColumns } from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { toCsv } from '../../core';
import { listKbEntries, listOrganisationProducts } from './queries';
import { requireConsole } from './staff-checks';

/** Every entry as CSV in the import's columns (products by slug), so an export imports back. */
export async function exportKbEntries({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { bom: boolean };
}): Promise<string> {
  requireConsole(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  const [rows, productRows] = await Promise.all([
    listKbEntries(ctx.db, organisationId),
    listOrganisationProducts(ctx.db, organisationId),
  ]);
  const slugById = new Map(productRows.map((product) => [product.id, product.slug]));
  const lines = rows.map((row) => [
    row.question,
    row.answer,
    row.comment,
    row.accessLevel,
    row.productIds.map((id) => slugById.get(id) ?? id).join(';'),
    row.sourceType,
    row.sourceSubtype ?? '',
    row.sourceName ?? '',
    row.isFavoritePublic ? 'true' : 'false',
    row.createdAt.toISOString(),
    row.modifiedAt.toISOString(),
  ]);
  return toCsv([[...kbCsvColumns], ...lines], { bom: input.bom });
}
