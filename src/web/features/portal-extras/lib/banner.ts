import type { MessageKey } from '../../../../shared/i18n/translator';
import type { PortalCustomisation, ViewerMode } from '../../../../shared/portal';

export type SecurityReviewBannerModel = { size: 'small' | 'medium'; subtitles: MessageKey[] };

/**
 * Banner rules (spec 3 §2): not when 'none'; subtitles at medium size only. It invites a review, so it
 * shows to the public (signed-out, or a member whose access is not granted), never to members with access (decision 230).
 */
export function securityReviewBannerFor(
  customisation: PortalCustomisation,
  mode: ViewerMode,
): SecurityReviewBannerModel | null {
  const size = customisation.securityReviewBanner;
  if (size === 'none' || mode !== 'public') return null;
  if (size === 'small') return { size, subtitles: [] };
  const subtitles: MessageKey[] = ['extras.viewAndDownload'];
  if (customisation.askInformation) subtitles.push('extras.askForInformation');
  return { size, subtitles };
}
