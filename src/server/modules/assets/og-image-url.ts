/** Path of the organisation's link-preview image; the revision makes a changed portal a new URL. */
export function ogImageUrl(organisationId: string, revision: number): string {
  return `/api/share/${organisationId}/og-image.png?v=${revision}`;
}
