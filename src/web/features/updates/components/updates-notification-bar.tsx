import { BellRing } from 'lucide-react';
import { type MouseEvent, useEffect, useState } from 'react';
import type { Translator } from '../../../../shared/i18n/translator';
import type { RecentUpdate } from '../../../../shared/page';
import { useTranslator } from '../../../lib/i18n';
import { writePortalQuery } from '../../../lib/portal-query';
import { fetchLatestUpdate } from '../api/visitor-updates';
import { highlightParameter } from '../lib/highlight';
import { isWithinNotificationWindow, notificationWindowMs } from '../lib/update-dates';

type UpdatesNotificationBarProps = {
  /** From the page data when the server filled it; otherwise the bar asks the API after hydration. */
  recentUpdate: RecentUpdate | null;
  organisationSlug: string;
  organisationName: string;
  basePath: string;
};

/** The latest topic's subject, or the spec's sentence naming the organisation when it has none. */
export function notificationText(
  { t }: Translator,
  recentUpdate: RecentUpdate,
  organisationName: string,
): string {
  return recentUpdate.subject?.trim() || t('updatesBar.latest', { organisation: organisationName });
}

function highlightHref(basePath: string, id: string): string {
  return `${basePath || '/'}?${new URLSearchParams({ [highlightParameter]: id })}`;
}

/**
 * Shown while the latest update is less than 24 hours old (spec 1 §2 Notification bar). The server
 * decides for the first paint; the browser hides the bar when the window closes while the page is open.
 * A click sets tcuUid without a reload, and the updates card scrolls to and highlights that update.
 */
export function UpdatesNotificationBar({
  recentUpdate: initialRecentUpdate,
  organisationSlug,
  organisationName,
  basePath,
}: UpdatesNotificationBarProps) {
  const translator = useTranslator();
  const [recentUpdate, setRecentUpdate] = useState(initialRecentUpdate);
  const [isExpired, setExpired] = useState(false);

  useEffect(() => {
    if (initialRecentUpdate) return;
    let isCurrent = true;
    fetchLatestUpdate(organisationSlug, window.location.search).then(
      ({ latest }) => {
        if (isCurrent && latest)
          setRecentUpdate({ topicId: latest.topicId, subject: latest.subject, createdAt: latest.createdAt });
      },
      // Without the latest update the page simply has no bar; nothing for the visitor to act on.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [initialRecentUpdate, organisationSlug]);

  useEffect(() => {
    if (!recentUpdate) return;
    const remainingMs = Date.parse(recentUpdate.createdAt) + notificationWindowMs - Date.now();
    if (!isWithinNotificationWindow(recentUpdate.createdAt)) {
      setExpired(true);
      return;
    }
    setExpired(false);
    const timer = window.setTimeout(() => setExpired(true), remainingMs);
    return () => window.clearTimeout(timer);
  }, [recentUpdate]);

  if (!recentUpdate || isExpired) return null;
  const text = notificationText(translator, recentUpdate, organisationName);

  function highlight(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    writePortalQuery({ [highlightParameter]: recentUpdate!.topicId });
  }

  return (
    <div className="bg-brand text-brand-foreground" data-testid="updates-notification-bar">
      <a
        href={highlightHref(basePath, recentUpdate.topicId)}
        onClick={highlight}
        className="mx-auto flex max-w-6xl items-center justify-center gap-2 px-4 py-2 text-sm font-medium underline-offset-4 hover:underline sm:px-6 lg:px-8"
      >
        <BellRing className="size-4 shrink-0" aria-hidden />
        <span className="hidden min-w-0 truncate md:inline" data-testid="notification-text-wide">
          {text}
        </span>
        <span className="md:hidden" data-testid="notification-text-small">
          {translator.t('updatesBar.recent')}
        </span>
      </a>
    </div>
  );
}
