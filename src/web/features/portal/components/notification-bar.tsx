import { BellRing } from 'lucide-react';
import { messages } from '../../../../shared/messages';
import type { RecentUpdate } from '../../../../shared/page';
import { portalHref } from '../lib/portal-links';

type NotificationBarProps = { recentUpdate: RecentUpdate | null; organisationName: string; basePath: string };

/** Shown only when an update was created within the notification window; it links to that update. */
export function NotificationBar({ recentUpdate, organisationName, basePath }: NotificationBarProps) {
  if (!recentUpdate) return null;
  const text = recentUpdate.subject ?? messages.latestTrustUpdates(organisationName);
  return (
    <section aria-label="Trust updates" className="bg-brand text-brand-foreground">
      <a
        href={portalHref(basePath, { tcuUid: recentUpdate.topicId })}
        className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-2 text-sm font-medium underline-offset-4 hover:underline"
      >
        <BellRing className="size-4 shrink-0" aria-hidden />
        <span className="hidden truncate md:inline">{text}</span>
        <span className="md:hidden">{messages.recentTrustUpdates}</span>
      </a>
    </section>
  );
}
