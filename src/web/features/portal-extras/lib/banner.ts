import type { PortalCustomisation, ViewerMode } from '../../../../shared/portal';
import { extrasTexts } from './texts';

export type SecurityReviewBannerModel = { size: 'small' | 'medium'; subtitles: string[] };

/** Banner rules (spec 3 §2): external viewers only, not when 'none'; subtitles at medium size only. */
export function securityReviewBannerFor(
  customisation: PortalCustomisation,
  mode: ViewerMode,
): SecurityReviewBannerModel | null {
  const size = customisation.securityReviewBanner;
  if (size === 'none' || (mode !== 'public' && mode !== 'account_external')) return null;
  if (size === 'small') return { size, subtitles: [] };
  const subtitles: string[] = [extrasTexts.viewAndDownload];
  if (customisation.askInformation) subtitles.push(extrasTexts.askForInformation);
  return { size, subtitles };
}
