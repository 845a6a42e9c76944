import { formatDateTime } from '../../../../shared/dates';
/** When an account or person was last seen; '–' for never. */
export function formatSeen(at: string | null): string {
  return at ? formatDateTime(at) : '–';
}

export const activityLabels = {
  view: 'Viewed',
  download: 'Downloaded',
  bulk_download: 'Downloaded (bulk)',
  item_opened: 'Opened item',
  agent_call: 'Asked with an access token:',
} as const;
