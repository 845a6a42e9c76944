/** The last e-mail that logged in or requested access here, to fill the form next time (spec 3 §4). */
const key = (organisationId: string) => `attest:last-access-email:${organisationId}`;

export function readLastEmail(organisationId: string): string {
  try {
    return window.localStorage.getItem(key(organisationId)) ?? '';
  } catch {
    return '';
  }
}

export function rememberLastEmail(organisationId: string, email: string): void {
  try {
    window.localStorage.setItem(key(organisationId), email);
  } catch {
    // Storage may be off (private mode); the form then starts empty, nothing else changes.
  }
}
