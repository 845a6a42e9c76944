import { AppError } from '../../../shared/errors';
import {
  KbAccessLevel,
  KbEntryInput,
  type KbImportResult,
  KbSourceType,
  kbCsvColumns,
  kbLimits,
  kbMessages,
} from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { CsvFormatError, insertAuditEntry, parseCsv, restoreFormula } from '../../core';
import { knowledgeBaseEntries } from '../../db/schema';
import { requestEmbeddingRefresh } from '../search';
import { listOrganisationProducts } from './queries';
import { requireEditor } from './staff-checks';

type Column = (typeof kbCsvColumns)[number];

const aliases: Record<string, Column> = {
  access: 'access level',
  'access level': 'access level',
  product: 'products',
  'product ids': 'products',
  favourite: 'favorite',
  'favorite public': 'favorite',
  source: 'source type',
};

const normalizeHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
const trueValues = new Set(['true', 'yes', 'y', '1']);
const falseValues = new Set(['false', 'no', 'n', '0', '']);

/**
 * CSV import (header row first; question and answer required): every row is checked before anything
 * is written, and either all rows are imported in one transaction or none, with each bad row named.
 */
export async function importKbEntries({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: { csv: string };
}): Promise<KbImportResult> {
  requireEditor(ctx.viewer);
  let rows: string[][];
  try {
    rows = parseCsv(input.csv);
  } catch (error) {
    if (error instanceof CsvFormatError) throw new AppError('bad_request', kbMessages.importUnbalancedQuotes);
    throw error;
  }
  rows = rows.filter((row) => row.some((value) => value.trim() !== ''));
  const [header, ...records] = rows;
  if (!header || records.length === 0) throw new AppError('bad_request', kbMessages.importEmpty);
  if (records.length > kbLimits.importMaxRows)
    throw new AppError('bad_request', kbMessages.importTooManyRows);
  const columnIndex = new Map<Column, number>();
  header.forEach((name, index) => {
    const normalized = normalizeHeader(name);
    const column = (kbCsvColumns as readonly string[]).includes(normalized)
      ? (normalized as Column)
      : aliases[normalized];
    if (column && !columnIndex.has(column)) columnIndex.set(column, index);
  });
  const missing = (['question', 'answer'] as const).filter((column) => !columnIndex.has(column));
  if (missing.length > 0) throw new AppError('bad_request', kbMessages.importMissingColumns([...missing]));

  const organisationId = ctx.viewer.organisation.id;
  const productRows = await listOrganisationProducts(ctx.db, organisationId);
  const productByKey = new Map(
    productRows.flatMap((product) => [
      [product.id, product.id],
      [product.slug, product.id],
    ]),
  );
  const errors: Record<string, string> = {};
  const entries: (typeof knowledgeBaseEntries.$inferInsert)[] = [];
  records.forEach((record, position) => {
    const rowName = `row ${position + 2}`;
    const value = (column: Column) => {
      const index = columnIndex.get(column);
      return index === undefined ? undefined : restoreFormula((record[index] ?? '').trim());
    };
    const problems: string[] = [];
    const accessText = (value('access level') ?? '').toLowerCase() || 'public';
    const access = KbAccessLevel.safeParse(accessText);
    if (!access.success)
      problems.push(`Access level must be public, restricted or internal, not "${accessText}"`);
    const sourceText = (value('source type') ?? '').toLowerCase().replace(/\s+/g, '_') || 'manual';
    const sourceType = KbSourceType.safeParse(sourceText);
    if (!sourceType.success)
      problems.push(`Source type must be manual, questionnaire or status page, not "${sourceText}"`);
    const favoriteText = (value('favorite') ?? '').toLowerCase();
    if (!trueValues.has(favoriteText) && !falseValues.has(favoriteText)) {
      problems.push(`Favorite must be true or false, not "${favoriteText}"`);
    }
    const productIds: string[] = [];
    for (const key of (value('products') ?? '')
      .split(/[;|]/)
      .map((part) => part.trim())
      .filter(Boolean)) {
      const productId = productByKey.get(key);
      if (productId) productIds.push(productId);
      else problems.push(`Unknown product "${key}"`);
    }
    const parsed = KbEntryInput.safeParse({
      question: value('question') ?? '',
      answer: value('answer') ?? '',
      comment: value('comment') ?? '',
      sourceType: sourceType.success ? sourceType.data : 'manual',
      sourceSubtype: value('source subtype') || null,
      sourceName: value('source name') || null,
      isFavoritePublic: trueValues.has(favoriteText),
      accessLevel: access.success ? access.data : 'public',
      productIds: [...new Set(productIds)],
    });
    if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));
    if (problems.length > 0) errors[rowName] = problems.join('; ');
    else if (parsed.success) {
      entries.push({ ...parsed.data, organisationId, modifiedByStaffUserId: ctx.viewer.staff!.id });
    }
  });
  const errorCount = Object.keys(errors).length;
  if (errorCount > 0) throw new AppError('validation_failed', kbMessages.importFailed(errorCount), errors);

  await ctx.db.transaction(async (tx) => {
    for (let start = 0; start < entries.length; start += 500) {
      await tx.insert(knowledgeBaseEntries).values(entries.slice(start, start + 500));
    }
    await insertAuditEntry(tx, {
      organisationId,
      actorStaffUserId: ctx.viewer.staff!.id,
      action: 'kb.entries.import',
      data: { count: entries.length },
    });
    await requestEmbeddingRefresh(tx, ctx.providers, organisationId);
  });
  return { imported: entries.length };
}
