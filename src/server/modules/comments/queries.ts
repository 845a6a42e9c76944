import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Comment, CommentThread } from '../../../shared/comments';
import { commentLimits } from '../../../shared/comments';
import type { Database } from '../../db/client';
import { accountMembers, accounts, itemComments, items, staffUsers } from '../../db/schema';
import { rowsOf } from '../search';

const commentColumns = {
  id: itemComments.id,
  itemId: itemComments.itemId,
  productId: itemComments.productId,
  content: itemComments.content,
  createdAt: itemComments.createdAt,
  memberFirstName: accountMembers.firstName,
  memberLastName: accountMembers.lastName,
  memberEmail: accountMembers.email,
  memberCreatedAt: accountMembers.createdAt,
  authorKind: itemComments.authorKind,
  staffName: staffUsers.name,
};

type CommentRow = {
  id: string;
  itemId: string;
  productId: string;
  content: string;
  createdAt: Date;
  memberFirstName: string | null;
  memberLastName: string | null;
  memberEmail: string | null;
  memberCreatedAt: Date | null;
  authorKind: 'member' | 'staff';
  staffName: string | null;
};

/** The spec's Comment shape; an author whose row is gone still shows as a member or as staff. */
export function toComment(row: CommentRow, staffLabel: string): Comment {
  const isStaff = row.authorKind === 'staff';
  const firstName = row.memberFirstName ?? '';
  const lastName = row.memberLastName ?? '';
  return {
    id: row.id,
    itemUid: row.itemId,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    productId: row.productId,
    member: isStaff
      ? null
      : {
          firstName,
          lastName,
          name: `${firstName} ${lastName}`.trim() || (row.memberEmail ?? 'Former member'),
          email: row.memberEmail ?? '',
          createdAt: (row.memberCreatedAt ?? row.createdAt).toISOString(),
        },
    staff: isStaff ? { name: row.staffName ? `${row.staffName} (${staffLabel})` : staffLabel } : null,
  };
}

/** One thread: the comments on an item between one account and staff, oldest first. */
export async function listThreadComments(
  db: Database,
  organisationId: string,
  itemId: string,
  accountId: string,
): Promise<CommentRow[]> {
  const newest = await db
    .select(commentColumns)
    .from(itemComments)
    .leftJoin(accountMembers, eq(accountMembers.id, itemComments.authorAccountMemberId))
    .leftJoin(staffUsers, eq(staffUsers.id, itemComments.authorStaffUserId))
    .where(
      and(
        eq(itemComments.organisationId, organisationId),
        eq(itemComments.itemId, itemId),
        eq(itemComments.accountId, accountId),
      ),
    )
    .orderBy(desc(itemComments.createdAt), desc(itemComments.id))
    .limit(commentLimits.listMax);
  return newest.reverse();
}

export async function findCommentRow(db: Database, commentId: string): Promise<CommentRow | null> {
  const [row] = await db
    .select(commentColumns)
    .from(itemComments)
    .leftJoin(accountMembers, eq(accountMembers.id, itemComments.authorAccountMemberId))
    .leftJoin(staffUsers, eq(staffUsers.id, itemComments.authorStaffUserId))
    .where(eq(itemComments.id, commentId))
    .limit(1);
  return row ?? null;
}

/** Every thread of the organisation, the one with the newest comment first. */
export async function listThreads(db: Database, organisationId: string): Promise<CommentThread[]> {
  type ThreadRow = {
    item_id: string;
    item_title: string;
    account_id: string;
    account_name: string;
    last_at: Date | string;
    last_content: string;
    last_is_member: boolean;
    comment_count: number | string;
  };
  const result = await db.execute(sql`
    select distinct on (c.item_id, c.account_id)
      c.item_id, i.title as item_title, c.account_id, a.name as account_name,
      c.created_at as last_at, c.content as last_content,
      (c.author_kind = 'member') as last_is_member,
      count(*) over (partition by c.item_id, c.account_id) as comment_count
    from item_comments c
    join items i on i.id = c.item_id
    join accounts a on a.id = c.account_id
    where c.organisation_id = ${organisationId}
    order by c.item_id, c.account_id, c.created_at desc, c.id desc`);
  return rowsOf<ThreadRow>(result)
    .map((row) => ({
      itemUid: row.item_id,
      itemTitle: row.item_title,
      accountId: row.account_id,
      accountName: row.account_name,
      lastCommentAt: new Date(row.last_at).toISOString(),
      lastContent: row.last_content,
      commentCount: Number(row.comment_count),
      isAwaitingReply: row.last_is_member,
    }))
    .sort((a, b) => b.lastCommentAt.localeCompare(a.lastCommentAt));
}

/** The members of an account who took part in a thread: they get the staff answer by e-mail. */
export async function listThreadMemberEmails(db: Database, itemId: string, accountId: string) {
  const rows = await db
    .selectDistinct({ email: accountMembers.email, firstName: accountMembers.firstName })
    .from(itemComments)
    .innerJoin(accountMembers, eq(accountMembers.id, itemComments.authorAccountMemberId))
    .where(and(eq(itemComments.itemId, itemId), eq(itemComments.accountId, accountId)))
    .orderBy(asc(accountMembers.email));
  return rows;
}

export async function findThreadTarget(
  db: Database,
  organisationId: string,
  itemId: string,
  accountId: string,
) {
  const [row] = await db
    .select({ itemTitle: items.title, productId: items.productId, accountName: accounts.name })
    .from(items)
    .innerJoin(accounts, eq(accounts.organisationId, items.organisationId))
    .where(and(eq(items.id, itemId), eq(accounts.id, accountId), eq(items.organisationId, organisationId)))
    .limit(1);
  return row ?? null;
}
