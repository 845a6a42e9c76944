import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  type DraftDetail,
  DraftSource,
  type MemberQuestionnaireList,
  publishMessages,
} from '../../../shared/questionnaire-drafts';
import { questionnaireMessages } from '../../../shared/questionnaires';
import type { Context } from '../../context';
import { requireAccessEditor, writeAudit } from '../../core';
import {
  accountMembers,
  questionnaireDraftRows,
  questionnaireDrafts,
  questionnaireSubmissions,
} from '../../db/schema';
import { newStorageKey } from '../../providers/storage';
import type { EvidenceIndex } from './answering/draft-answer';
import { loadEvidenceIndex } from './answering/draft-questionnaire';
import { draftingViewer } from './answering/drafting-viewer';
import { draftDetail, findDraft, storeBytes } from './draft-store';
import { exportDraft } from './drafts';
import { assertCanSubmitQuestionnaire } from './member-access';

type PublishContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

/** Every source the member may read, by where it points and what it is called. */
function readableSources(index: EvidenceIndex | null): Set<string> {
  const keys = new Set<string>();
  if (!index) return keys;
  const { evidence } = index;
  for (const item of evidence.items) keys.add(`${item.url}|${item.cardTitle} › ${item.title}`);
  for (const entry of evidence.faq) keys.add(`${entry.editUrl}|${entry.question}`);
  for (const passage of evidence.passages) keys.add(`${passage.url}|${passage.title}`);
  for (const risk of evidence.riskProfile) keys.add(`${risk.url}|${risk.title}`);
  if (evidence.subprocessors.length > 0) keys.add(`${evidence.subprocessors[0]!.url}|Subprocessors`);
  return keys;
}

const sourceKey = (source: DraftSource) => `${source.editUrl ?? source.url}|${source.title}`;

/**
 * Sends the answered questionnaire to the member who submitted it (issue 32 §4, §5). Answers that rest
 * on something this member may not read (drafted as staff, say) need staff's confirmation first; the
 * check reads the member's evidence through the gate, as drafting for them would.
 */
export async function publishDraft(
  ctx: PublishContext,
  input: { id: string; confirmUnreadable: boolean },
): Promise<DraftDetail> {
  // Sending content to a member is a grant of what it says: access editors only, as approving access is.
  requireAccessEditor(ctx.viewer);
  const draft = await findDraft(ctx.db, ctx.viewer.organisation.id, input.id);
  if (!draft.submissionId) throw new AppError('validation_failed', publishMessages.notFromSubmission);
  if (draft.status !== 'ready') throw new AppError('conflict', publishMessages.notReady);
  const [submission] = await ctx.db
    .select({ submission: questionnaireSubmissions, email: accountMembers.email })
    .from(questionnaireSubmissions)
    .innerJoin(accountMembers, eq(accountMembers.id, questionnaireSubmissions.accountMemberId))
    .where(eq(questionnaireSubmissions.id, draft.submissionId))
    .limit(1);
  if (!submission) throw new AppError('conflict', publishMessages.memberGone);
  const member = await draftingViewer(ctx.db, ctx.viewer.organisation, {
    kind: 'member',
    email: submission.email,
  });
  const product = draft.productId
    ? (
        await ctx.db.query.products.findFirst({
          where: (table, { eq: equals }) => equals(table.id, draft.productId!),
        })
      )?.slug
    : undefined;
  const readable = readableSources(
    await loadEvidenceIndex({ db: ctx.db, viewer: member, config: ctx.config }, product),
  );
  const rows = await ctx.db
    .select()
    .from(questionnaireDraftRows)
    .where(eq(questionnaireDraftRows.draftId, draft.id));
  const unreadable = rows.filter(
    (row) =>
      row.answer !== null &&
      DraftSource.array()
        .parse(row.sources)
        .some((source) => !readable.has(sourceKey(source))),
  ).length;
  if (unreadable > 0 && !input.confirmUnreadable) {
    throw new AppError('conflict', publishMessages.unreadable(unreadable), {
      unreadableAnswers: String(unreadable),
    });
  }
  const file = await exportDraft(ctx, { id: draft.id, format: draft.format === 'csv' ? 'csv' : 'xlsx' });
  const storageKey = newStorageKey(ctx.viewer.organisation.id);
  await storeBytes(ctx, storageKey, file.bytes, file.contentType);
  const previous = submission.submission.answeredStorageKey;
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(questionnaireSubmissions)
      .set({
        answeredStorageKey: storageKey,
        answeredName: file.name,
        answeredAt: now,
        status: 'done',
        doneAt: now,
        doneByStaffUserId: ctx.viewer.staff!.id,
      })
      .where(eq(questionnaireSubmissions.id, submission.submission.id));
    await tx
      .update(questionnaireDrafts)
      .set({ publishedAt: now, updatedAt: now })
      .where(eq(questionnaireDrafts.id, draft.id));
    await writeAudit(tx, ctx.viewer, {
      action: 'questionnaire.answers.send',
      target: submission.submission.id,
      data: { draftId: draft.id, unreadableAnswers: unreadable },
    });
  });
  if (previous) await ctx.providers.storage.delete(previous).catch(() => undefined);
  return draftDetail(ctx.db, await findDraft(ctx.db, ctx.viewer.organisation.id, draft.id));
}

/** The member's account's questionnaires and where each stands (issue 32 §4). */
export async function listMemberQuestionnaires({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<MemberQuestionnaireList> {
  const { viewer } = ctx;
  assertCanSubmitQuestionnaire(viewer);
  const rows = await ctx.db
    .select()
    .from(questionnaireSubmissions)
    .where(
      and(
        eq(questionnaireSubmissions.organisationId, viewer.organisation.id),
        eq(questionnaireSubmissions.accountId, viewer.member.account.id),
      ),
    )
    .orderBy(desc(questionnaireSubmissions.createdAt));
  return {
    questionnaires: rows.map((row) => ({
      id: row.id,
      name: row.originalName ?? row.link ?? 'Questionnaire',
      submittedAt: row.createdAt.toISOString(),
      status: row.answeredStorageKey ? 'answered' : 'in_review',
      answeredAt: row.answeredAt?.toISOString() ?? null,
      downloadUrl: row.answeredStorageKey
        ? `/api/statuspage/share/${viewer.organisation.slug}/questionnaires/${row.id}/answered`
        : null,
    })),
  };
}

export async function openAnsweredQuestionnaire(
  ctx: Pick<Context, 'db' | 'viewer' | 'providers'>,
  input: { id: string },
): Promise<{ body: Readable; name: string }> {
  const { viewer } = ctx;
  assertCanSubmitQuestionnaire(viewer);
  const [row] = await ctx.db
    .select()
    .from(questionnaireSubmissions)
    .where(
      and(
        eq(questionnaireSubmissions.id, input.id),
        eq(questionnaireSubmissions.organisationId, viewer.organisation.id),
        eq(questionnaireSubmissions.accountId, viewer.member.account.id),
      ),
    )
    .limit(1);
  if (!row?.answeredStorageKey) throw new AppError('not_found', questionnaireMessages.notFound);
  return {
    body: await ctx.providers.storage.get(row.answeredStorageKey),
    name: row.answeredName ?? 'answers.xlsx',
  };
}
