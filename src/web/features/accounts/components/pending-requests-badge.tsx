import { usePendingRequestCount } from '../api/access-requests';

/** The console nav's count of requests waiting for review; nothing while loading or when zero. */
export function PendingRequestsBadge() {
  const count = usePendingRequestCount();
  if (!count) return null;
  return (
    <span className="ms-auto rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums">
      {count}
      <span className="sr-only"> pending</span>
    </span>
  );
}
