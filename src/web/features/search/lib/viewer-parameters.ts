/** Share parameters that make the viewer a preview or an account; searches must ask as the same viewer. */
const viewerParameters = ['preview', 'accountId', 'permissionProfileId'] as const;

/** '?accountId=…' (or '') for the current address, to append to portal API calls. */
export function viewerQuery(search: string, extra: Record<string, string> = {}): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams(extra);
  for (const name of viewerParameters) {
    const value = current.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

export function shareBase(organisationSlug: string): string {
  return `/api/statuspage/share/${encodeURIComponent(organisationSlug)}`;
}
