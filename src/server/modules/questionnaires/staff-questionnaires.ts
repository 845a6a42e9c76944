import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  type QuestionnaireSubmission,
  type QuestionnaireSubmissionList,
  questionnaireMessages,
} from '../../../shared/questionnaires';
import type { Context } from '../../context';
import { insertAuditEntry } from '../../core';
import { accountMembers, accounts, questionnaireSubmissions } from '../../db/schema';
import { canUseConsole } from '../../policy';
import type { Viewer } from '../../policy/viewer';

function assertConsole(viewer: Viewer) {
  if (!canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
}

const columns = {
  submission: questionnaireSubmissions,
  accountName: accounts.name,
  memberEmail: accountMembers.email,
  memberFirstName: accountMembers.firstName,
  memberLastName: accountMembers.lastName,
};

type Row = {
  submission: typeof questionnaireSubmissions.$inferSelect;
  accountName: string;
  memberEmail: string | null;
  memberFirstName: string | null;
  memberLastName: string | null;
};

function toSubmission(row: Row): QuestionnaireSubmission {
  const { submission } = row;
  const name = `${row.memberFirstName ?? ''} ${row.memberLastName ?? ''}`.trim();
  return {
    id: submission.id,
    kind: submission.kind,
    accountId: submission.accountId,
    accountName: row.accountName,
    memberEmail: row.memberEmail,
    memberName: name || null,
    link: submission.link,
    originalName: submission.originalName,
    contentType: submission.contentType,
    sizeBytes: submission.sizeBytes,
    downloadUrl: submission.kind === 'file' ? `/api/questionnaires/${submission.id}/file` : null,
    status: submission.status,
    doneAt: submission.doneAt?.toISOString() ?? null,
    createdAt: submission.createdAt.toISOString(),
  };
}

function selectSubmissions(db: Context['db']) {
  return db
    .select(columns)
    .from(questionnaireSubmissions)
    .innerJoin(accounts, eq(accounts.id, questionnaireSubmissions.accountId))
    .leftJoin(accountMembers, eq(accountMembers.id, questionnaireSubmissions.accountMemberId));
}

export async function listQuestionnaireSubmissions({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<QuestionnaireSubmissionList> {
  assertConsole(ctx.viewer);
  const rows = await selectSubmissions(ctx.db)
    .where(eq(questionnaireSubmissions.organisationId, ctx.viewer.organisation.id))
    .orderBy(desc(questionnaireSubmissions.createdAt), desc(questionnaireSubmissions.id));
  return { submissions: rows.map(toSubmission) };
}

async function findSubmission(ctx: Pick<Context, 'db' | 'viewer'>, id: string) {
  const [row] = await selectSubmissions(ctx.db)
    .where(
      and(
        eq(questionnaireSubmissions.id, id),
        eq(questionnaireSubmissions.organisationId, ctx.viewer.organisation.id),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('not_found', questionnaireMessages.notFound);
  return row;
}

/** Marks a submission done (or open again); recorded in the audit log. */
export async function setQuestionnaireStatus({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { id: string; status: 'open' | 'done' };
}): Promise<QuestionnaireSubmission> {
  const { viewer } = ctx;
  assertConsole(viewer);
  await findSubmission(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    const isDone = input.status === 'done';
    await tx
      .update(questionnaireSubmissions)
      .set({
        status: input.status,
        doneAt: isDone ? new Date() : null,
        doneByStaffUserId: isDone ? viewer.staff!.id : null,
      })
      .where(eq(questionnaireSubmissions.id, input.id));
    await insertAuditEntry(tx, {
      organisationId: viewer.organisation.id,
      actorStaffUserId: viewer.staff!.id,
      action: 'questionnaire.status',
      target: input.id,
      data: { status: input.status },
    });
  });
  return toSubmission(await findSubmission(ctx, input.id));
}

/** The uploaded file's bytes for staff; always an attachment, never rendered by the console. */
export async function openQuestionnaireFile({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>;
  input: { id: string };
}): Promise<{ body: Readable; name: string; contentType: string; size: number }> {
  assertConsole(ctx.viewer);
  const { submission } = await findSubmission(ctx, input.id);
  if (submission.kind !== 'file' || !submission.storageKey) {
    throw new AppError('not_found', questionnaireMessages.notFound);
  }
  return {
    body: await ctx.providers.storage.get(submission.storageKey),
    name: submission.originalName ?? 'questionnaire',
    contentType: submission.contentType ?? 'application/octet-stream',
    size: submission.sizeBytes ?? 0,
  };
}
