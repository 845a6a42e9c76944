import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { AppError } from '../../../shared/errors';
import {
  type QuestionnaireSubmitted,
  questionnaireContentTypes,
  questionnaireLimits,
  questionnaireMessages,
} from '../../../shared/questionnaires';
import type { Context } from '../../context';
import { questionnaireSubmissions } from '../../db/schema';
import { UploadTooLargeError, withReceivedUpload } from '../../net/receive-upload';
import { newStorageKey } from '../../providers/storage';
import { mailStaff } from '../access';
import { detectAllowedType, validFileName } from '../documents';
import { questionnaireSubmittedMail } from './mails';
import { assertCanSubmitQuestionnaire, type QuestionnaireMember } from './member-access';

const tooLarge = () => new AppError('payload_too_large', questionnaireMessages.fileTooLarge);
const allowedTypes: ReadonlySet<string> = new Set(questionnaireContentTypes);

function memberName(viewer: QuestionnaireMember): string {
  const { member } = viewer;
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

type Submission =
  | { kind: 'link'; link: string }
  | {
      kind: 'file';
      storageKey: string;
      originalName: string;
      contentType: string;
      sizeBytes: number;
      sha256: string;
    };

async function recordSubmission(ctx: Context, viewer: QuestionnaireMember, submission: Submission) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questionnaireSubmissions)
      .values({
        organisationId: viewer.organisation.id,
        accountId: viewer.member.account.id,
        accountMemberId: viewer.member.id,
        ...submission,
      })
      .returning({ id: questionnaireSubmissions.id });
    const what =
      submission.kind === 'link' ? `a link, ${submission.link}` : `the file ${submission.originalName}`;
    await mailStaff(
      { ...ctx, db: tx },
      viewer.organisation,
      questionnaireSubmittedMail(ctx.config, viewer.organisation, {
        memberName: memberName(viewer),
        accountName: viewer.member.account.name,
        what,
      }),
    );
    return { id: row!.id, status: 'submitted' as const };
  });
}

/** A questionnaire given as a link: validated (https, public host) and stored, never fetched. */
export async function submitQuestionnaireLink({
  ctx,
  input,
}: {
  ctx: Context;
  input: { link: string };
}): Promise<QuestionnaireSubmitted> {
  const { viewer } = ctx;
  assertCanSubmitQuestionnaire(viewer);
  return recordSubmission(ctx, viewer, { kind: 'link', link: input.link });
}

/**
 * A questionnaire file, streamed (past the cap: 413, nothing kept) and accepted only when its bytes
 * are an xlsx, docx, pdf or csv named as such; then stored under a server-generated key.
 */
export async function submitQuestionnaireFile({
  ctx,
  input,
}: {
  ctx: Context;
  input: { body: Readable; name: string; declaredLength?: number };
}): Promise<QuestionnaireSubmitted> {
  const { viewer } = ctx;
  assertCanSubmitQuestionnaire(viewer);
  const name = validFileName(input.name);
  if (input.declaredLength !== undefined && input.declaredLength > questionnaireLimits.uploadMaxBytes) {
    input.body.resume();
    throw tooLarge();
  }
  try {
    return await withReceivedUpload(input.body, questionnaireLimits.uploadMaxBytes, async (upload) => {
      if (upload.size === 0) {
        throw new AppError('validation_failed', questionnaireMessages.fileEmpty, {
          file: questionnaireMessages.fileEmpty,
        });
      }
      const contentType = await detectAllowedType(upload.filePath, name);
      if (!contentType || !allowedTypes.has(contentType)) {
        throw new AppError('validation_failed', questionnaireMessages.fileTypeNotAllowed, {
          file: questionnaireMessages.fileTypeNotAllowed,
        });
      }
      const storageKey = newStorageKey(viewer.organisation.id);
      await ctx.providers.storage.put(storageKey, fs.createReadStream(upload.filePath), {
        contentType,
        contentLength: upload.size,
      });
      try {
        return await recordSubmission(ctx, viewer, {
          kind: 'file',
          storageKey,
          originalName: name,
          contentType,
          sizeBytes: upload.size,
          sha256: upload.sha256,
        });
      } catch (error) {
        await ctx.providers.storage.delete(storageKey);
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw tooLarge();
    throw error;
  }
}
