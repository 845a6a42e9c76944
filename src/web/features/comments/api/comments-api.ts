import type { Comment, CommentList } from '../../../../shared/comments';
import { apiRequest } from '../../../lib/api-client';

export const commentsQueryKey = (organisationSlug: string, itemUid: string) =>
  ['comments', organisationSlug, itemUid] as const;

export function fetchComments(organisationSlug: string, itemUid: string, productId: string) {
  const query = new URLSearchParams({ itemUid, productId });
  return apiRequest<CommentList>(`/api/statuspage/share/${organisationSlug}/comments?${query}`);
}

export function sendComment(
  organisationSlug: string,
  input: { itemUid: string; productId: string; content: string },
) {
  return apiRequest<Comment>(`/api/statuspage/share/${organisationSlug}/comments`, {
    method: 'POST',
    body: input,
  });
}
