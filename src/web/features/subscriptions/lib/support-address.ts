/**
 * Where a visitor asks for help with a subscription: the organisation's support mailbox when set,
 * else support@ its website's host, or none when it has neither.
 */
export function supportAddress(
  websiteUrl: string | null,
  supportMailbox: string | null = null,
): string | null {
  if (supportMailbox) return supportMailbox;
  if (!websiteUrl) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(websiteUrl) ? websiteUrl : `https://${websiteUrl}`);
    const host = url.hostname.replace(/^www\./, '');
    return host.includes('.') ? `support@${host}` : null;
  } catch {
    return null;
  }
}
