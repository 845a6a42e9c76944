import { type Comment, commentTexts } from '../../../shared/comments';
import type { Context } from '../../context';
import { itemComments } from '../../db/schema';
import { mailStaff } from '../access';
import { assertCanComment, findReadableItem } from './item-access';
import { memberCommentedMail } from './mails';
import { findCommentRow, toComment } from './queries';

/** POST {base}/comments: a member writes on an item it may read; staff are told by e-mail. */
export async function postComment({
  ctx,
  input,
}: {
  ctx: Context;
  input: { itemUid: string; productId?: string; content: string };
}): Promise<Comment> {
  const { viewer } = ctx;
  assertCanComment(viewer);
  const { item, productId } = await findReadableItem(ctx, input.itemUid, input.productId);
  const member = viewer.member;
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(itemComments)
      .values({
        organisationId: viewer.organisation.id,
        productId,
        itemId: item.itemUid,
        accountId: member.account.id,
        authorKind: 'member',
        authorAccountMemberId: member.id,
        content: input.content,
      })
      .returning({ id: itemComments.id });
    const memberName = `${member.firstName} ${member.lastName}`.trim() || member.email;
    await mailStaff(
      { ...ctx, db: tx },
      viewer.organisation,
      memberCommentedMail(ctx.config, viewer.organisation, {
        memberName,
        accountName: member.account.name,
        itemTitle: item.title,
        content: input.content,
      }),
    );
    return row!.id;
  });
  const row = await findCommentRow(ctx.db, id);
  return toComment(row!, commentTexts.staffAuthor(viewer.organisation.name));
}
