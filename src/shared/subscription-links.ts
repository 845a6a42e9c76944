/**
 * What the portal reads from subscription links before any dialog loads. Kept free of zod so it
 * stays out of the portal's first-load JavaScript.
 */
export const subscribeStatuses = ['Confirmed', 'Blocked', 'TokenInvalid'] as const;
export type SubscribeStatus = (typeof subscribeStatuses)[number];

export function isSubscribeStatus(value: string | null): value is SubscribeStatus {
  return value !== null && (subscribeStatuses as readonly string[]).includes(value);
}

/** The e-mail a token names (its `sub`), read without verifying: the server verifies on use. */
export function readTokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const subject = (json as { sub?: unknown } | null)?.sub;
    return typeof subject === 'string' && subject.length > 0 ? subject : null;
  } catch {
    return null;
  }
}
