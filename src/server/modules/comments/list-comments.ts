import { type CommentList, commentTexts } from '../../../shared/comments';
import type { Context } from '../../context';
import { assertCanComment, findReadableItem } from './item-access';
import { listThreadComments, toComment } from './queries';

/** GET {base}/comments: the member's own account's thread with staff on an item it may read. */
export async function listComments({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { itemUid: string; productId?: string };
}): Promise<CommentList> {
  const { viewer } = ctx;
  assertCanComment(viewer);
  await findReadableItem(ctx, input.itemUid, input.productId);
  const rows = await listThreadComments(
    ctx.db,
    viewer.organisation.id,
    input.itemUid,
    viewer.member.account.id,
  );
  const staffLabel = commentTexts.staffAuthor(viewer.organisation.name);
  return { comments: rows.map((row) => toComment(row, staffLabel)) };
}
