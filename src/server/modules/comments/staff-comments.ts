import {
  type Comment,
  type CommentList,
  type CommentThreadList,
  commentMessages,
  commentTexts,
} from '../../../shared/comments';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { itemComments } from '../../db/schema';
import { canUseConsole } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { mailPerson } from '../mail';
import { staffRepliedMail } from './mails';
import {
  findCommentRow,
  findThreadTarget,
  listThreadComments,
  listThreadMemberEmails,
  listThreads,
  toComment,
} from './queries';

function assertConsole(viewer: Viewer) {
  if (!canUseConsole(viewer)) throw new AppError('forbidden', messages.forbidden);
}

/** The console's list: one thread per item and account, newest activity first. */
export async function listCommentThreads({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<CommentThreadList> {
  assertConsole(ctx.viewer);
  return { threads: await listThreads(ctx.db, ctx.viewer.organisation.id) };
}

export async function getCommentThread({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { itemUid: string; accountId: string };
}): Promise<CommentList> {
  assertConsole(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  const target = await findThreadTarget(ctx.db, organisationId, input.itemUid, input.accountId);
  if (!target) throw new AppError('not_found', commentMessages.threadNotFound);
  const rows = await listThreadComments(ctx.db, organisationId, input.itemUid, input.accountId);
  const staffLabel = commentTexts.staffAuthor(ctx.viewer.organisation.name);
  return { comments: rows.map((row) => toComment(row, staffLabel)) };
}

/** Staff answer an account's thread; the members who wrote in it are told by e-mail. */
export async function replyToThread({
  ctx,
  input,
}: {
  ctx: Context;
  input: { itemUid: string; accountId: string; content: string };
}): Promise<Comment> {
  const { viewer } = ctx;
  assertConsole(viewer);
  const organisation = viewer.organisation;
  const target = await findThreadTarget(ctx.db, organisation.id, input.itemUid, input.accountId);
  if (!target) throw new AppError('not_found', commentMessages.threadNotFound);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(itemComments)
      .values({
        organisationId: organisation.id,
        productId: target.productId,
        itemId: input.itemUid,
        accountId: input.accountId,
        authorKind: 'staff',
        authorStaffUserId: viewer.staff!.id,
        content: input.content,
      })
      .returning({ id: itemComments.id });
    for (const recipient of await listThreadMemberEmails(tx, input.itemUid, input.accountId)) {
      await mailPerson({ ...ctx, db: tx }, organisation, {
        to: recipient.email,
        ...staffRepliedMail(ctx.config, organisation, {
          firstName: recipient.firstName,
          itemTitle: target.itemTitle,
          content: input.content,
          itemUid: input.itemUid,
        }),
      });
    }
    return row!.id;
  });
  const row = await findCommentRow(ctx.db, id);
  return toComment(row!, commentTexts.staffAuthor(organisation.name));
}
