import { accessLimits, accessMessages } from '../../../../shared/access';

/** Keys that turn the typed text into an address token (spec 3 §2 Invite colleagues). */
export const tokenKeys = new Set(['Enter', ' ', 'Tab', ',']);

// The same address rule the server applies (zod's email pattern), without loading zod here.
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return emailPattern.test(value);
}

export type TokenResult = { emails: string[]; error: string | null; rest: string };

/**
 * Adds the typed text as one or more addresses (pasted lists split on commas and spaces). An invalid
 * or repeated address stops there: it stays in the field with its message.
 */
export function addEmailTokens(
  emails: readonly string[],
  typed: string,
  /** Said in the page's language when the list is full. */
  tooManyText: string,
): TokenResult {
  const parts = typed.split(/[\s,]+/).filter(Boolean);
  const next = [...emails];
  for (const [index, part] of parts.entries()) {
    const rest = parts.slice(index).join(' ');
    const email = part.toLowerCase();
    if (!isValidEmail(part)) return { emails: next, error: accessMessages.inviteInvalid(part), rest };
    if (next.includes(email)) return { emails: next, error: accessMessages.inviteDuplicate(part), rest };
    if (next.length >= accessLimits.inviteEmailsMax) {
      return { emails: next, error: tooManyText, rest };
    }
    next.push(email);
  }
  return { emails: next, error: null, rest: '' };
}

/** The message is optional, trimmed, and left out when empty (spec 3 §5). */
export function invitePayload(emails: readonly string[], message: string) {
  const trimmed = message.trim();
  return {
    emails: emails.map((email) => email.toLowerCase()),
    ...(trimmed ? { message: trimmed } : {}),
  };
}
