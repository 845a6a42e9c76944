import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  type CommentThread,
  commentLimits,
  commentMessages,
  commentTexts,
} from '../../../../shared/comments';
import { formatDateTime } from '../../../../shared/dates';
import { RoleGate } from '../../../components/role-gate';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { classNames } from '../../../lib/class-names';
import {
  fetchThread,
  fetchThreads,
  replyToThread,
  threadQueryKey,
  threadsQueryKey,
} from '../api/staff-comments-api';
import { composerKeyAction } from '../lib/composer-keys';

function ThreadView({ thread }: { thread: CommentThread }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const composerId = useId();
  const key = threadQueryKey(thread.itemUid, thread.accountId);
  const comments = useQuery({ queryKey: key, queryFn: () => fetchThread(thread.itemUid, thread.accountId) });
  const reply = useMutation({
    mutationFn: (content: string) =>
      replyToThread({ itemUid: thread.itemUid, accountId: thread.accountId, content }),
    onSuccess: () => {
      setDraft('');
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: threadsQueryKey });
    },
    onError: (failure) => setError(isApiError(failure) ? failure.message : commentTexts.failed),
  });
  function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = draft.trim();
    if (!content) return setError(commentMessages.contentRequired);
    if (content.length > commentLimits.contentMaxLength) return setError(commentMessages.contentTooLong);
    setError(null);
    reply.mutate(content);
  }
  return (
    <section
      aria-label={`${thread.accountName} on ${thread.itemTitle}`}
      className="space-y-4"
      data-testid="console-thread"
    >
      <header>
        <h2 className="text-lg font-semibold text-slate-950">{thread.itemTitle}</h2>
        <p className="text-sm text-slate-600">{thread.accountName}</p>
      </header>
      <ol className="space-y-2">
        {(comments.data?.comments ?? []).map((comment) => (
          <li
            key={comment.id}
            className={classNames(
              'rounded-lg px-3 py-2',
              comment.staff ? 'ms-8 bg-sky-50' : 'me-8 bg-slate-50',
            )}
          >
            <p className="text-xs text-slate-600">
              <span className="font-semibold text-slate-800">
                {comment.staff?.name ?? `${comment.member?.name} · ${comment.member?.email}`}
              </span>{' '}
              <time dateTime={comment.timestamp}>{formatDateTime(comment.timestamp)}</time>
            </p>
            <p className="mt-1 text-sm whitespace-pre-wrap break-words text-slate-800">{comment.content}</p>
          </li>
        ))}
      </ol>
      <RoleGate needs="statuspage:edit">
        <form onSubmit={submit} className="space-y-2">
          <label htmlFor={composerId} className="block text-sm font-medium text-slate-800">
            Answer
          </label>
          <Textarea
            id={composerId}
            value={draft}
            rows={3}
            isInvalid={Boolean(error)}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              const action = composerKeyAction(event);
              if (action === 'none') return;
              event.preventDefault();
              if (action === 'send') submit();
            }}
          />
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="flex items-center justify-between gap-3">
            <p className="text-xs text-slate-600">{commentTexts.sendHint}</p>
            <Button type="submit" size="sm" disabled={reply.isPending}>
              Send answer
            </Button>
          </div>
        </form>
      </RoleGate>
    </section>
  );
}

/** Comment threads by item and account; staff read and answer them (the members are e-mailed). */
export function CommentThreadsPanel() {
  const threads = useQuery({ queryKey: threadsQueryKey, queryFn: fetchThreads });
  const [selected, setSelected] = useState<string | null>(null);
  const list = threads.data?.threads ?? [];
  const keyOf = (thread: CommentThread) => `${thread.itemUid}:${thread.accountId}`;
  const current = list.find((thread) => keyOf(thread) === selected) ?? list[0] ?? null;
  if (threads.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {threads.error.message}
      </p>
    );
  if (threads.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (list.length === 0) return <p className="text-sm text-slate-600">No comments yet.</p>;
  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
      <ul className="space-y-1" aria-label="Threads">
        {list.map((thread) => (
          <li key={keyOf(thread)}>
            <button
              type="button"
              aria-current={current && keyOf(current) === keyOf(thread) ? 'true' : undefined}
              onClick={() => setSelected(keyOf(thread))}
              className="w-full rounded-lg px-3 py-2 text-start text-sm hover:bg-slate-100 aria-[current=true]:bg-slate-100"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-medium text-slate-900">{thread.itemTitle}</span>
                {thread.isAwaitingReply ? (
                  <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                    Awaiting answer
                  </span>
                ) : null}
              </span>
              <span className="block truncate text-xs text-slate-600">
                {thread.accountName} · {thread.commentCount} · {formatDateTime(thread.lastCommentAt)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {current ? <ThreadView key={keyOf(current)} thread={current} /> : null}
    </div>
  );
}
