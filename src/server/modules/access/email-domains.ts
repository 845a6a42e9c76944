import { createRequire } from 'node:module';

// Reserved documentation domains (RFC 2606) and facebook.com are in the provider list but are no one's free mailbox.
const notFreeMail = new Set(['example.com', 'example.org', 'example.net', 'facebook.com']);
const freeMailDomains: ReadonlySet<string> = new Set(
  (createRequire(import.meta.url)('email-providers/common.json') as string[])
    .map((domain) => domain.toLowerCase())
    .filter((domain) => !notFreeMail.has(domain)),
);

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** A personal mailbox provider (gmail.com, yahoo.com…): its addresses say nothing about an employer. */
export function isFreeMailDomain(domain: string): boolean {
  return freeMailDomains.has(domain.toLowerCase());
}

/** A rule for acme.example also covers mail.acme.example. */
export function isDomainCoveredBy(domain: string, ruleDomain: string): boolean {
  const rule = ruleDomain.toLowerCase();
  return domain === rule || domain.endsWith(`.${rule}`);
}
