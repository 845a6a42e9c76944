import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, MessageSquare, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type Comment,
  type CommentList,
  commentLimits,
  commentMessages,
  commentTexts,
} from '../../../../shared/comments';
import { formatDateTime } from '../../../../shared/dates';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import type { ItemConversationProps } from '../../../lib/collaboration-slots';
import { commentsQueryKey, fetchComments, sendComment } from '../api/comments-api';
import { composerKeyAction } from '../lib/composer-keys';

function CommentEntry({ comment, isPending }: { comment: Comment; isPending: boolean }) {
  const author = comment.staff ? comment.staff.name : (comment.member?.name ?? '');
  return (
    <li
      data-testid="comment"
      data-pending={isPending || undefined}
      className={`rounded-lg px-3 py-2 ${comment.staff ? 'bg-brand-ink/5' : 'bg-slate-50'} ${isPending ? 'opacity-70' : ''}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{author}</span>
        <time dateTime={comment.timestamp}>{formatDateTime(comment.timestamp)}</time>
      </p>
      {/* Plain text, always: React escapes it, and line breaks are kept by CSS, never by markup. */}
      <p className="mt-1 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
        {comment.content}
      </p>
    </li>
  );
}

/** The 'Conversation' section of an expanded item: the member's account thread with staff. */
export default function ItemConversation({ view, item }: ItemConversationProps) {
  const organisationSlug = view.organisation.slug;
  const productId = view.product.productId;
  const [isOpen, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const regionId = useId();
  const hintId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  const key = commentsQueryKey(organisationSlug, item.itemUid);
  const comments = useQuery({
    queryKey: key,
    queryFn: () => fetchComments(organisationSlug, item.itemUid, productId),
    enabled: isOpen,
    retry: false,
  });
  const send = useMutation({
    mutationFn: (content: string) =>
      sendComment(organisationSlug, { itemUid: item.itemUid, productId, content }),
    // Optimistic (spec 2 §4): the comment shows at once, marked pending, and is replaced by the answer.
    onMutate: async (content) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CommentList>(key);
      const member = view.viewer.member;
      const optimistic: Comment = {
        id: `pending-${crypto.randomUUID()}`,
        itemUid: item.itemUid,
        content,
        timestamp: new Date().toISOString(),
        productId,
        member: member
          ? {
              firstName: member.firstName,
              lastName: member.lastName,
              name: `${member.firstName} ${member.lastName}`.trim() || member.email,
              email: member.email,
              createdAt: new Date().toISOString(),
            }
          : null,
        staff: null,
      };
      queryClient.setQueryData<CommentList>(key, { comments: [...(previous?.comments ?? []), optimistic] });
      return { previous, draft: content };
    },
    onError: (failure, _content, context) => {
      queryClient.setQueryData(key, context?.previous);
      setDraft(context?.draft ?? '');
      setError(isApiError(failure) ? failure.message : commentTexts.failed);
    },
    onSuccess: (saved, _content) => {
      queryClient.setQueryData<CommentList>(key, (current) => ({
        comments: [
          ...(current?.comments ?? []).filter((comment) => !comment.id.startsWith('pending-')),
          saved,
        ],
      }));
    },
  });

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = draft.trim();
    if (!content) return setError(commentMessages.contentRequired);
    if (content.length > commentLimits.contentMaxLength) return setError(commentMessages.contentTooLong);
    setError(null);
    setDraft('');
    send.mutate(content);
  }

  const list = comments.data?.comments ?? [];
  return (
    <section className="mt-4 border-t border-slate-100 pt-3 sm:ms-8" data-testid="item-conversation">
      <h4>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={regionId}
          onClick={() => setOpen((open) => !open)}
          className="inline-flex items-center gap-2 rounded-md py-1 text-sm font-semibold text-slate-800 hover:text-slate-950"
        >
          <MessageSquare className="size-4 text-slate-500" aria-hidden />
          {commentTexts.conversation}
          {list.length > 0 ? (
            <span className="text-xs font-normal text-slate-500">({list.length})</span>
          ) : null}
          <ChevronDown
            className={`size-4 text-slate-500 transition ${isOpen ? 'rotate-180' : ''}`}
            aria-hidden
          />
        </button>
      </h4>
      {isOpen ? (
        <div id={regionId} className="mt-2 space-y-3">
          {comments.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {isApiError(comments.error) ? comments.error.message : commentTexts.failed}
            </p>
          ) : comments.isPending ? (
            <p className="text-sm text-slate-500">…</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-slate-600">{commentTexts.empty}</p>
          ) : (
            <ol className="space-y-2" aria-live="polite">
              {list.map((comment) => (
                <CommentEntry
                  key={comment.id}
                  comment={comment}
                  isPending={comment.id.startsWith('pending-')}
                />
              ))}
            </ol>
          )}
          <form onSubmit={submit} className="space-y-2">
            <label className="sr-only" htmlFor={`${regionId}-composer`}>
              {commentTexts.placeholder}
            </label>
            <Textarea
              id={`${regionId}-composer`}
              data-testid="comment-composer"
              value={draft}
              rows={3}
              maxLength={commentLimits.contentMaxLength + 100}
              placeholder={commentTexts.placeholder}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              isInvalid={Boolean(error)}
              onChange={(event) => {
                setDraft(event.target.value);
                if (error) setError(null);
              }}
              onKeyDown={(event) => {
                const action = composerKeyAction(event);
                if (action === 'none') return;
                event.preventDefault();
                if (action === 'send') submit();
              }}
            />
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex items-center justify-between gap-3">
              <p id={hintId} className="text-xs text-slate-600">
                {commentTexts.sendHint}
              </p>
              <Button type="submit" size="sm" disabled={send.isPending}>
                <Send className="size-4" aria-hidden />
                {commentTexts.send}
              </Button>
            </div>
          </form>
        </div>
      ) : null}
    </section>
  );
}
