import type { Comment, CommentList, CommentThreadList } from '../../../../shared/comments';
import { apiRequest } from '../../../lib/api-client';

export const threadsQueryKey = ['console', 'comment-threads'] as const;
export const threadQueryKey = (itemUid: string, accountId: string) =>
  ['console', 'comment-thread', itemUid, accountId] as const;

export const fetchThreads = () => apiRequest<CommentThreadList>('/api/comments/threads');

export function fetchThread(itemUid: string, accountId: string) {
  return apiRequest<CommentList>(`/api/comments/thread?${new URLSearchParams({ itemUid, accountId })}`);
}

export function replyToThread(input: { itemUid: string; accountId: string; content: string }) {
  return apiRequest<Comment>('/api/comments/thread', { method: 'POST', body: input });
}
