const seenFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** When an account or person was last seen, in the reader's time zone; '–' for never. */
export function formatSeen(at: string | null): string {
  return at ? seenFormat.format(new Date(at)) : '–';
}

export const activityLabels = {
  view: 'Viewed',
  download: 'Downloaded',
  bulk_download: 'Downloaded (bulk)',
  item_opened: 'Opened item',
} as const;
