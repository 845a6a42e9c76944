import { writePortalQuery } from '../../../lib/portal-query';

/** The account menu opens the TPRM dialog with ?sendToTprm=true (spec 2 §2). */
export const tprmQueryName = 'sendToTprm';

export function isTprmRequested(search: string): boolean {
  return new URLSearchParams(search).get(tprmQueryName) === 'true';
}

export function closeTprmDialog() {
  writePortalQuery({ [tprmQueryName]: null });
}
