/** LinkedIn's share dialog for a page; the caller opens it in a new window, never in this one. */
export function linkedInShareUrl(publicUrl: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(publicUrl)}`;
}

/** A new e-mail with the portal's address in the body. */
export function shareByEmailUrl(publicUrl: string, organisationName: string): string {
  const subject = encodeURIComponent(`${organisationName} Trust Center`);
  return `mailto:?subject=${subject}&body=${encodeURIComponent(publicUrl)}`;
}
