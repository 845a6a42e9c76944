import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  ColumnMapping,
  DraftAudience,
  type DraftDetail,
  type DraftRowView,
  DraftSource,
  type DraftSummary,
  draftMessages,
  type RowState,
} from '../../../shared/questionnaire-drafts';
import type { Context } from '../../context';
import type { Database } from '../../db/client';
import {
  accountMembers,
  questionnaireDraftRows,
  questionnaireDrafts,
  questionnaireSubmissions,
} from '../../db/schema';
import type { FileStorage } from '../../providers/storage';
import { arrayParam } from '../search';
import {
  QuestionnaireFileError,
  readPastedQuestions,
  readQuestionnaireFile,
} from './workbook/read-questionnaire';

/** Reading and shaping questionnaire drafts; the verbs (drafts.ts) and the drafting job share these. */
export type DraftRecord = typeof questionnaireDrafts.$inferSelect;
export type DraftRowRecord = typeof questionnaireDraftRows.$inferSelect;

export async function findDraft(db: Database, organisationId: string, id: string): Promise<DraftRecord> {
  const [row] = await db
    .select()
    .from(questionnaireDrafts)
    .where(and(eq(questionnaireDrafts.id, id), eq(questionnaireDrafts.organisationId, organisationId)))
    .limit(1);
  if (!row) throw new AppError('not_found', draftMessages.notFound);
  return row;
}

export function listDraftRows(db: Database, draftId: string) {
  return db
    .select()
    .from(questionnaireDraftRows)
    .where(eq(questionnaireDraftRows.draftId, draftId))
    .orderBy(asc(questionnaireDraftRows.position));
}

/** Rows per state and rows resting on restricted or hidden content, for every draft of the organisation. */
export async function countRows(db: Database, draftIds: string[]) {
  if (draftIds.length === 0)
    return new Map<string, { counts: Record<RowState, number>; restricted: number }>();
  const rows = await db
    .select({
      draftId: questionnaireDraftRows.draftId,
      state: questionnaireDraftRows.state,
      count: sql<number>`count(*)::int`,
      restricted: sql<number>`count(*) filter (where ${questionnaireDraftRows.sources} @> '[{"access":"restricted"}]' or ${questionnaireDraftRows.sources} @> '[{"access":"hidden"}]')::int`,
    })
    .from(questionnaireDraftRows)
    .where(sql`${questionnaireDraftRows.draftId} = any(${arrayParam(draftIds)}::uuid[])`)
    .groupBy(questionnaireDraftRows.draftId, questionnaireDraftRows.state);
  const byDraft = new Map<string, { counts: Record<RowState, number>; restricted: number }>();
  for (const row of rows) {
    const entry = byDraft.get(row.draftId) ?? {
      counts: { pending: 0, drafted: 0, needs_answer: 0, accepted: 0, edited: 0 },
      restricted: 0,
    };
    entry.counts[row.state] = Number(row.count);
    entry.restricted += Number(row.restricted);
    byDraft.set(row.draftId, entry);
  }
  return byDraft;
}

type SubmissionMember = DraftSummary['submissionMember'];

/** Who submitted each draft's questionnaire (drafts opened from a member's submission). */
export async function loadSubmissionMembers(
  db: Database,
  drafts: DraftRecord[],
): Promise<Map<string, SubmissionMember>> {
  const ids = [...new Set(drafts.flatMap((draft) => (draft.submissionId ? [draft.submissionId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      submissionId: questionnaireSubmissions.id,
      accountMemberId: accountMembers.id,
      firstName: accountMembers.firstName,
      lastName: accountMembers.lastName,
      email: accountMembers.email,
    })
    .from(questionnaireSubmissions)
    .innerJoin(accountMembers, eq(accountMembers.id, questionnaireSubmissions.accountMemberId))
    .where(inArray(questionnaireSubmissions.id, ids));
  return new Map(
    rows.map((row) => [
      row.submissionId,
      { accountMemberId: row.accountMemberId, name: `${row.firstName} ${row.lastName}`.trim() || row.email },
    ]),
  );
}

export function toSummary(
  draft: DraftRecord,
  counted?: { counts: Record<RowState, number>; restricted: number },
  submissionMember: SubmissionMember = null,
): DraftSummary {
  return {
    id: draft.id,
    name: draft.name,
    format: draft.format,
    status: draft.status,
    rowCount: draft.rowCount,
    counts: counted?.counts ?? { pending: 0, drafted: 0, needs_answer: 0, accepted: 0, edited: 0 },
    restrictedRows: counted?.restricted ?? 0,
    tokensUsed: draft.tokensUsed,
    model: draft.model,
    submissionId: draft.submissionId,
    submissionMember,
    productId: draft.productId,
    audience: DraftAudience.parse(draft.audience),
    createdAt: draft.createdAt.toISOString(),
  };
}

export function toRowView(row: DraftRowRecord): DraftRowView {
  return {
    id: row.id,
    position: row.position,
    sheet: row.sheet,
    row: row.row,
    controlId: row.controlId,
    section: row.section,
    question: row.question,
    answer: row.answer,
    state: row.state,
    confidence: row.confidence,
    note: row.note,
    sources: DraftSource.array().parse(row.sources),
    assigneeStaffUserId: row.assigneeStaffUserId,
    comment: row.comment,
  };
}

export async function draftDetail(db: Database, draft: DraftRecord): Promise<DraftDetail> {
  const [rows, counted, members] = await Promise.all([
    listDraftRows(db, draft.id),
    countRows(db, [draft.id]),
    loadSubmissionMembers(db, [draft]),
  ]);
  return {
    draft: toSummary(draft, counted.get(draft.id), members.get(draft.submissionId ?? '') ?? null),
    rows: rows.map(toRowView),
  };
}

export function mappingsOf(draft: DraftRecord): ColumnMapping[] {
  return ColumnMapping.array().parse(draft.mappings);
}

/** The draft's questionnaire as uploaded, read again from storage. */
export async function readDraftFile(
  storage: FileStorage,
  draft: Pick<DraftRecord, 'storageKey' | 'format' | 'name'>,
) {
  const bytes = await buffer(await storage.get(draft.storageKey));
  if (draft.format === 'text') return { ...readPastedQuestions(bytes.toString('utf8')), workbook: null };
  return readQuestionnaireFile(bytes, draft.format === 'csv' ? 'questionnaire.csv' : 'questionnaire.xlsx');
}

export async function storeBytes(
  ctx: Pick<Context, 'providers'>,
  key: string,
  bytes: Buffer,
  contentType: string,
) {
  await ctx.providers.storage.put(key, Readable.from([bytes]), { contentType, contentLength: bytes.length });
}

/** A refusal of the file as a 400 that names the problem (the field is the file). */
export function asValidationError(error: unknown): never {
  if (error instanceof QuestionnaireFileError) {
    throw new AppError('validation_failed', error.message, { file: error.message });
  }
  throw error;
}

export const newestFirst = [desc(questionnaireDrafts.createdAt), desc(questionnaireDrafts.id)] as const;
