import { z } from 'zod';

export const commentLimits = {
  contentMaxLength: 2000,
  /** Comments a member may post per minute (DESIGN.md: comments are rate limited). */
  postsPerMinute: 10,
  /** The newest comments of a thread that one answer carries. */
  listMax: 500,
} as const;

export const commentMessages = {
  contentRequired: 'Please write a comment.',
  contentTooLong: `Comments are at most ${commentLimits.contentMaxLength} characters.`,
  commentsDisabled: 'Comments are not enabled for this trust center.',
  memberRequired: 'Sign in with an account that has access to comment.',
  itemNotFound: 'This item does not exist or you do not have access to it.',
  threadNotFound: 'This conversation does not exist.',
} as const;

/** The UI's texts (spec 2 §2 'Conversation'); plain strings, loaded only with the conversation chunk. */
export const commentTexts = {
  conversation: 'Conversation',
  placeholder: 'Write a comment…',
  send: 'Send',
  sendHint: 'Press Ctrl+Enter (⌘+Enter on a Mac) to send.',
  empty: 'No comments yet. Ask the team a question about this item.',
  failed: 'Your comment could not be sent.',
  staffAuthor: (organisationName: string) => `${organisationName} team`,
} as const;

/** Trimmed; not empty; at most the limit. Plain text: it is stored as written and always shown as text. */
export const CommentContent = z
  .string()
  .trim()
  .min(1, commentMessages.contentRequired)
  .max(commentLimits.contentMaxLength, commentMessages.contentTooLong);

export const CommentQuery = z.object({
  itemUid: z.string().uuid(),
  productId: z.string().uuid().optional(),
});

export const PostCommentInput = z.object({
  itemUid: z.string().uuid(),
  productId: z.string().uuid().optional(),
  content: CommentContent,
});
export type PostCommentInput = z.input<typeof PostCommentInput>;

const CommentMember = z.object({
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});

/** Spec 2 §3 Comment; a staff reply has `staff` instead of `member`. */
export const Comment = z.object({
  id: z.string().uuid(),
  itemUid: z.string().uuid(),
  content: z.string(),
  timestamp: z.string(),
  productId: z.string().uuid(),
  member: CommentMember.nullable(),
  staff: z.object({ name: z.string() }).nullable(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentList = z.object({ comments: z.array(Comment) });
export type CommentList = z.infer<typeof CommentList>;

/* Staff console: threads by item and account. */

export const CommentThread = z.object({
  itemUid: z.string().uuid(),
  itemTitle: z.string(),
  accountId: z.string().uuid(),
  accountName: z.string(),
  lastCommentAt: z.string(),
  lastContent: z.string(),
  commentCount: z.number().int(),
  /** The newest comment is a member's: the thread waits for a staff answer. */
  isAwaitingReply: z.boolean(),
});
export type CommentThread = z.infer<typeof CommentThread>;

export const CommentThreadList = z.object({ threads: z.array(CommentThread) });
export type CommentThreadList = z.infer<typeof CommentThreadList>;

export const ThreadQuery = z.object({ itemUid: z.string().uuid(), accountId: z.string().uuid() });
export const StaffReplyInput = ThreadQuery.extend({ content: CommentContent });
export type StaffReplyInput = z.input<typeof StaffReplyInput>;
