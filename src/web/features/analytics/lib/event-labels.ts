const labels: Record<string, string> = {
  page_view: 'Page views',
  portal_loaded: 'Portal loaded (with script)',
  search_item_selected: 'Search result opened',
  search_query_entered: 'Searches',
  search_box_focused: 'Search box focused',
  client_searched: 'Client searches',
  subscribe_failed: 'Subscribe and unsubscribe failures',
  card_edited: 'Card edits (staff)',
  item_clicked: 'Item clicks',
  access_requested: 'Access requests',
  login: 'Logins',
  file_viewed: 'File views',
  file_downloaded: 'File downloads',
  file_requested: 'File requests',
  more_details_toggled: 'More details opened',
  trusted_by_clicked: 'Trusted-by clicks',
  card_time_spent: 'Expanded cards closed',
  access_level_changed: 'Access level changes',
  restricted_level_changed: 'Restricted level changes',
};

export function eventLabel(name: string): string {
  return labels[name] ?? name.replaceAll('_', ' ');
}
