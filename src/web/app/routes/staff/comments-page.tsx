import { CommentThreadsPanel } from '../../../features/comments/components/comment-threads-panel';
import { useSession } from '../../../features/staff/api/session';

/** Questions members asked on items, by item and account. Members are e-mailed when you answer. */
export default function CommentsPage() {
  const session = useSession();
  if (!session.data) return null;
  const { organisation } = session.data;
  return (
    <div className="space-y-8">
      <title>{`Comments | ${organisation.name} | Attest`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-950">Comments</h1>
        <p className="mt-1 text-sm text-slate-600">
          Questions members asked on items, by item and account. Members are e-mailed when you answer.
        </p>
      </div>
      <CommentThreadsPanel />
    </div>
  );
}
