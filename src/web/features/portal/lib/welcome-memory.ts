/** The welcome modal is shown once per browser and organisation; storage may be unavailable (privacy modes). */
const keyFor = (organisationId: string) => `attest:welcome-dismissed:${organisationId}`;

export function hasDismissedWelcome(organisationId: string): boolean {
  try {
    return window.localStorage.getItem(keyFor(organisationId)) !== null;
  } catch {
    return false;
  }
}

export function rememberWelcomeDismissed(organisationId: string): void {
  try {
    window.localStorage.setItem(keyFor(organisationId), new Date().toISOString());
  } catch {
    // Without storage the modal shows again on the next visit; nothing else depends on it.
  }
}
