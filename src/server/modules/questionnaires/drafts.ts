import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  type DraftDetail,
  type DraftList,
  type DraftPreview,
  type DraftRowView,
  draftMessages,
  type RowUpdate,
  type StartDrafting,
} from '../../../shared/questionnaire-drafts';
import { detectSheet } from '../../../shared/questionnaire-layout';
import type { Context } from '../../context';
import { requireConsole, writeAudit } from '../../core';
import {
  accountMembers,
  products,
  questionnaireDraftRows,
  questionnaireDrafts,
  questionnaireSubmissions,
  staffUsers,
} from '../../db/schema';
import { newStorageKey } from '../../providers/storage';
import { createKbEntry } from '../knowledge-base';
import { importQuestions } from './answering/draft-questionnaire';
import { draftQuestionnaireQueue } from './draft-job';
import {
  asValidationError,
  countRows,
  type DraftRecord,
  draftDetail,
  findDraft,
  loadSubmissionMembers,
  mappingsOf,
  newestFirst,
  readDraftFile,
  storeBytes,
  toRowView,
  toSummary,
} from './draft-store';
import { readPastedQuestions, readQuestionnaireFile } from './workbook/read-questionnaire';
import { workbookFromSheets, writeAnsweredCsv, writeAnsweredWorkbook } from './workbook/write-answers';

type DraftContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/** Rows sent to the column picker: all of them, so its live count is the count drafting will find. */
const previewRows = 2100;
const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  text: 'text/plain; charset=utf-8',
} as const;

/**
 * A new draft from a questionnaire's bytes: read (and refused with a clear message when it must not be
 * opened), kept whole in storage, its sheets' layouts detected for the column picker.
 */
async function createDraft(
  ctx: DraftContext,
  input: { name: string; format: DraftRecord['format']; bytes: Buffer; submissionId?: string },
): Promise<DraftPreview> {
  const staff = requireConsole(ctx.viewer);
  const file = await (input.format === 'text'
    ? Promise.resolve(readPastedQuestions(input.bytes.toString('utf8')))
    : readQuestionnaireFile(input.bytes, input.format === 'csv' ? 'questionnaire.csv' : 'questionnaire.xlsx')
  ).catch(asValidationError);
  const detected = file.sheets.flatMap((sheet) => {
    const found = detectSheet(sheet);
    return found ? [{ mapping: found.mapping, layout: found.layout }] : [];
  });
  const storageKey = newStorageKey(ctx.viewer.organisation.id);
  await storeBytes(ctx, storageKey, input.bytes, contentTypes[input.format]);
  try {
    const [draft] = await ctx.db
      .insert(questionnaireDrafts)
      .values({
        organisationId: ctx.viewer.organisation.id,
        submissionId: input.submissionId ?? null,
        name: input.name,
        format: input.format,
        storageKey,
        mappings: detected.map((entry) => entry.mapping),
        createdByStaffUserId: staff.id,
      })
      .returning();
    return previewOf(ctx, draft!, file.sheets);
  } catch (error) {
    await ctx.providers.storage.delete(storageKey);
    throw error;
  }
}

async function previewOf(
  ctx: DraftContext,
  draft: DraftRecord,
  sheets: { name: string; rows: string[][] }[],
): Promise<DraftPreview> {
  const members = await loadSubmissionMembers(ctx.db, [draft]);
  return {
    draft: toSummary(draft, undefined, members.get(draft.submissionId ?? '') ?? null),
    sheets: sheets.map((sheet) => ({
      name: sheet.name,
      rowCount: sheet.rows.length,
      rows: sheet.rows.slice(0, previewRows),
    })),
    detected: sheets.flatMap((sheet) => {
      const found = detectSheet(sheet);
      return found ? [{ mapping: found.mapping, layout: found.layout }] : [];
    }),
  };
}

/** The column picker's view of a draft: its sheets' rows and the columns found in them. */
export async function getDraftPreview(ctx: DraftContext, input: { id: string }): Promise<DraftPreview> {
  requireConsole(ctx.viewer);
  const draft = await findDraft(ctx.db, ctx.viewer.organisation.id, input.id);
  const file = await readDraftFile(ctx.providers.storage, draft).catch(asValidationError);
  return previewOf(ctx, draft, file.sheets);
}

function formatOfName(name: string): 'xlsx' | 'csv' {
  return /\.csv$/i.test(name) ? 'csv' : 'xlsx';
}

export function createDraftFromUpload(ctx: DraftContext, input: { name: string; bytes: Buffer }) {
  return createDraft(ctx, { name: input.name, format: formatOfName(input.name), bytes: input.bytes });
}

export function createDraftFromText(ctx: DraftContext, input: { name: string; text: string }) {
  return createDraft(ctx, { name: input.name, format: 'text', bytes: Buffer.from(input.text, 'utf8') });
}

/** A member's submitted file, opened straight into drafting (spec 2 §2, issue 32 §1). */
export async function createDraftFromSubmission(ctx: DraftContext, input: { submissionId: string }) {
  requireConsole(ctx.viewer);
  const [submission] = await ctx.db
    .select()
    .from(questionnaireSubmissions)
    .where(
      and(
        eq(questionnaireSubmissions.id, input.submissionId),
        eq(questionnaireSubmissions.organisationId, ctx.viewer.organisation.id),
      ),
    )
    .limit(1);
  if (!submission) throw new AppError('not_found', draftMessages.notFound);
  if (submission.kind !== 'file' || !submission.storageKey) {
    throw new AppError('validation_failed', draftMessages.submissionHasNoFile);
  }
  const bytes = await buffer(await ctx.providers.storage.get(submission.storageKey));
  const name = submission.originalName ?? 'questionnaire.xlsx';
  return createDraft(ctx, { name, format: formatOfName(name), bytes, submissionId: submission.id });
}

async function assertAudience(ctx: DraftContext, audience: StartDrafting['audience']) {
  if (audience.kind !== 'member') return;
  const [member] = await ctx.db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(
      and(
        eq(accountMembers.id, audience.accountMemberId),
        eq(accountMembers.organisationId, ctx.viewer.organisation.id),
      ),
    )
    .limit(1);
  if (!member)
    throw new AppError('validation_failed', draftMessages.memberUnknown, {
      audience: draftMessages.memberUnknown,
    });
}

/**
 * Drafting starts: the questions under the chosen mappings become rows, and the job that drafts them
 * is queued in the same transaction. A cancelled or finished draft can be started again.
 */
export async function startDrafting(
  ctx: DraftContext,
  input: StartDrafting & { id: string },
): Promise<DraftDetail> {
  requireConsole(ctx.viewer);
  const draft = await findDraft(ctx.db, ctx.viewer.organisation.id, input.id);
  if (draft.status === 'drafting') throw new AppError('conflict', draftMessages.notMapping);
  const [product] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.organisationId, ctx.viewer.organisation.id)))
    .limit(1);
  if (!product)
    throw new AppError('validation_failed', draftMessages.productUnknown, {
      productId: draftMessages.productUnknown,
    });
  await assertAudience(ctx, input.audience);
  const file = await readDraftFile(ctx.providers.storage, draft).catch(asValidationError);
  const names = new Set(file.sheets.map((sheet) => sheet.name));
  if (input.mappings.some((mapping) => !names.has(mapping.sheet))) {
    throw new AppError('validation_failed', draftMessages.mappingSheetUnknown, {
      mappings: draftMessages.mappingSheetUnknown,
    });
  }
  const sheets = file.sheets.filter((sheet) =>
    input.mappings.some((mapping) => mapping.sheet === sheet.name),
  );
  let imported: ReturnType<typeof importQuestions>;
  try {
    imported = importQuestions(sheets, input.mappings);
  } catch (error) {
    asValidationError(error);
  }
  const updated = await ctx.db.transaction(async (tx) => {
    await tx.delete(questionnaireDraftRows).where(eq(questionnaireDraftRows.draftId, draft.id));
    for (let start = 0; start < imported.questions.length; start += 500) {
      await tx.insert(questionnaireDraftRows).values(
        imported.questions.slice(start, start + 500).map((question, offset) => ({
          draftId: draft.id,
          position: start + offset,
          sheet: question.sheet,
          row: question.row,
          controlId: question.controlId,
          section: question.section,
          question: question.question,
        })),
      );
    }
    const [row] = await tx
      .update(questionnaireDrafts)
      .set({
        status: 'drafting',
        productId: product.id,
        audience: input.audience,
        mappings: imported.sheets.map((sheet) => sheet.mapping),
        rowCount: imported.questions.length,
        updatedAt: new Date(),
      })
      .where(eq(questionnaireDrafts.id, draft.id))
      .returning();
    await ctx.providers.jobs.enqueue(tx, draftQuestionnaireQueue, { draftId: draft.id }, { maxAttempts: 3 });
    await writeAudit(tx, ctx.viewer, {
      action: 'questionnaire.draft.start',
      target: draft.id,
      data: { name: draft.name, questions: imported.questions.length, audience: input.audience.kind },
    });
    return row!;
  });
  return draftDetail(ctx.db, updated);
}

export async function cancelDrafting(ctx: DraftContext, input: { id: string }): Promise<DraftDetail> {
  requireConsole(ctx.viewer);
  const draft = await findDraft(ctx.db, ctx.viewer.organisation.id, input.id);
  if (draft.status !== 'drafting') return draftDetail(ctx.db, draft);
  const [row] = await ctx.db
    .update(questionnaireDrafts)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(questionnaireDrafts.id, draft.id), eq(questionnaireDrafts.status, 'drafting')))
    .returning();
  return draftDetail(ctx.db, row ?? (await findDraft(ctx.db, ctx.viewer.organisation.id, input.id)));
}

export async function listDrafts(ctx: DraftContext): Promise<DraftList> {
  requireConsole(ctx.viewer);
  const drafts = await ctx.db
    .select()
    .from(questionnaireDrafts)
    .where(eq(questionnaireDrafts.organisationId, ctx.viewer.organisation.id))
    .orderBy(...newestFirst);
  const counted = await countRows(
    ctx.db,
    drafts.map((draft) => draft.id),
  );
  return { drafts: drafts.map((draft) => toSummary(draft, counted.get(draft.id))) };
}

export async function getDraft(ctx: DraftContext, input: { id: string }): Promise<DraftDetail> {
  requireConsole(ctx.viewer);
  return draftDetail(ctx.db, await findDraft(ctx.db, ctx.viewer.organisation.id, input.id));
}

async function findRow(ctx: DraftContext, draftId: string, rowId: string) {
  const draft = await findDraft(ctx.db, ctx.viewer.organisation.id, draftId);
  const [row] = await ctx.db
    .select()
    .from(questionnaireDraftRows)
    .where(and(eq(questionnaireDraftRows.id, rowId), eq(questionnaireDraftRows.draftId, draft.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', draftMessages.rowNotFound);
  return { draft, row };
}

/** Review: accept a draft, answer or edit, reopen, assign to a colleague, comment. */
export async function updateRow(
  ctx: DraftContext,
  input: { id: string; rowId: string; update: RowUpdate },
): Promise<DraftRowView> {
  const staff = requireConsole(ctx.viewer);
  const { draft, row } = await findRow(ctx, input.id, input.rowId);
  const { update } = input;
  if (draft.status === 'drafting' && (update.action === 'accept' || update.action === 'answer')) {
    if (row.state === 'pending') throw new AppError('conflict', draftMessages.notReviewable);
  }
  let changes: Partial<typeof questionnaireDraftRows.$inferInsert>;
  switch (update.action) {
    case 'accept':
      if (row.answer === null) {
        throw new AppError('validation_failed', draftMessages.answerRequired, {
          answer: draftMessages.answerRequired,
        });
      }
      changes = { state: 'accepted' };
      break;
    case 'answer':
      changes = { state: 'edited', answer: update.answer };
      break;
    case 'reopen':
      changes = { state: row.answer === null ? 'needs_answer' : 'drafted' };
      break;
    case 'assign': {
      if (update.assigneeStaffUserId) {
        const [colleague] = await ctx.db
          .select({ id: staffUsers.id })
          .from(staffUsers)
          .where(
            and(
              eq(staffUsers.id, update.assigneeStaffUserId),
              eq(staffUsers.organisationId, ctx.viewer.organisation.id),
            ),
          )
          .limit(1);
        if (!colleague)
          throw new AppError('validation_failed', 'This staff user does not belong to the organisation.');
      }
      changes = { assigneeStaffUserId: update.assigneeStaffUserId };
      break;
    }
    case 'comment':
      changes = { comment: update.comment };
      break;
  }
  const [saved] = await ctx.db
    .update(questionnaireDraftRows)
    .set({ ...changes, updatedAt: new Date(), updatedByStaffUserId: staff.id })
    .where(eq(questionnaireDraftRows.id, row.id))
    .returning();
  return toRowView(saved!);
}

/**
 * An accepted or written answer becomes a knowledge-base entry, so the next questionnaire is answered
 * from it: restricted when any source it rests on is, public otherwise; for the draft's product.
 */
export async function saveRowToKnowledgeBase(
  ctx: DraftContext,
  input: { id: string; rowId: string },
): Promise<DraftRowView> {
  const { draft, row } = await findRow(ctx, input.id, input.rowId);
  if ((row.state !== 'accepted' && row.state !== 'edited') || !row.answer) {
    throw new AppError('validation_failed', draftMessages.nothingToSave);
  }
  const view = toRowView(row);
  const isPublic = view.sources.every((source) => source.access === 'public');
  await createKbEntry({
    ctx,
    input: {
      question: row.question.slice(0, 1000),
      answer: row.answer,
      sourceType: 'questionnaire',
      sourceName: draft.name.slice(0, 200),
      accessLevel: isPublic ? 'public' : 'restricted',
      productIds: draft.productId ? [draft.productId] : [],
    },
  });
  return view;
}

/** The answered questionnaire: the original workbook (or CSV) with answers and comments in its cells. */
export async function exportDraft(
  ctx: DraftContext,
  input: { id: string; format: 'xlsx' | 'csv' },
): Promise<{ bytes: Buffer; name: string; contentType: string }> {
  requireConsole(ctx.viewer);
  const draft = await findDraft(ctx.db, ctx.viewer.organisation.id, input.id);
  const file = await readDraftFile(ctx.providers.storage, draft).catch(asValidationError);
  const mappings = mappingsOf(draft);
  const rows = (
    await ctx.db.select().from(questionnaireDraftRows).where(eq(questionnaireDraftRows.draftId, draft.id))
  )
    .filter((row) => row.state !== 'pending')
    .map((row) => {
      const view = toRowView(row);
      return {
        sheet: view.sheet,
        row: view.row,
        answer: view.answer,
        status: view.answer === null ? ('needs_answer' as const) : ('drafted' as const),
        note: view.note,
        sources: view.sources,
      };
    });
  const base = draft.name.replace(/\.(xlsx|csv)$/i, '');
  if (input.format === 'csv') {
    const first = mappings[0];
    const sheet = file.sheets.find((candidate) => candidate.name === first?.sheet);
    if (!first || !sheet) throw new AppError('validation_failed', draftMessages.notReviewable);
    return {
      bytes: Buffer.from(writeAnsweredCsv(sheet, first, rows)),
      name: `${base} (answered).csv`,
      contentType: contentTypes.csv,
    };
  }
  const workbook = file.workbook ?? (await workbookFromSheets(file.sheets));
  return {
    bytes: await writeAnsweredWorkbook(workbook, mappings, rows),
    name: `${base} (answered).xlsx`,
    contentType: contentTypes.xlsx,
  };
}
