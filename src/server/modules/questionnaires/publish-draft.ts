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
import { mailPerson } from '../mail';
import { type EvidenceIndex, faqSourceOf, itemSourceOf, passageSourceOf } from './answering/draft-answer';
import { loadEvidenceIndex } from './answering/draft-questionnaire';
import { draftingViewer } from './answering/drafting-viewer';
import { draftDetail, findDraft, storeBytes } from './draft-store';
import { exportDraft } from './drafts';
import { questionnaireAnsweredMail } from './mails';
import { assertCanSubmitQuestionnaire } from './member-access';

type PublishContext = Pick<Context, 'db' | 'viewer' | 'providers' | 'config'>;

const sourceKey = (source: DraftSource) => `${source.editUrl ?? source.url}|${source.title}`;

/**
 * Every source the member may read, keyed as drafting cites it: built with the answerer's own source
 * builders, so a change to how a source is named cannot make readable content look unreadable.
 */
function readableSources(index: EvidenceIndex | null): Set<string> {
  if (!index) return new Set();
  const { evidence } = index;
  return new Set([
    ...index.items.map((item) => sourceKey(itemSourceOf(item))),
    ...index.faq.map((entry) => sourceKey(faqSourceOf(entry))),
    ...index.passages.map((passage) => sourceKey(passageSourceOf(passage))),
    ...evidence.riskProfile.map((risk) => `${risk.url}|${risk.title}`),
    ...evidence.subprocessors.slice(0, 1).map((entry) => `${entry.url}|Subprocessors`),
  ]);
}

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
    .select({
      submission: questionnaireSubmissions,
      email: accountMembers.email,
      firstName: accountMembers.firstName,
    })
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
    // In the same transaction: the member hears of it if and only if the answers are stored.
    await mailPerson({ db: tx, config: ctx.config, providers: ctx.providers }, ctx.viewer.organisation, {
      to: submission.email,
      ...questionnaireAnsweredMail(ctx.config, ctx.viewer.organisation, {
        firstName: submission.firstName,
        what: submission.submission.originalName ?? submission.submission.link ?? draft.name,
      }),
    });
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
