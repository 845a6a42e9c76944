import { type AccentPalette, accentPalette } from '../../../../shared/contrast';
import type { PortalCustomisation } from '../../../../shared/portal';
import type { Config } from '../../../config';

/** What a branded mail needs of its organisation; a ViewerOrganisation fits. */
export type BrandedOrganisation = {
  id: string;
  slug: string;
  name: string;
  customisation: Pick<PortalCustomisation, 'portalTitle' | 'accentColor'> &
    Partial<Pick<PortalCustomisation, 'supportMailbox'>>;
  logoAssetId: string | null;
  revision: number;
};

export type MailBrand = {
  organisationName: string;
  /** "Acme Cloud Trust Center". */
  portalName: string;
  portalUrl: string;
  /** Absolute, so mail clients can fetch it; a PNG even when the logo is an SVG (few clients draw SVG). */
  logoUrl: string | null;
  palette: AccentPalette;
};

/** "Acme Cloud Trust Center": the organisation's name with its portal title. */
export function portalName(organisation: Pick<BrandedOrganisation, 'name' | 'customisation'>): string {
  return `${organisation.name} ${organisation.customisation.portalTitle}`.trim();
}

export function mailLogoUrl(publicUrl: string, organisation: BrandedOrganisation): string | null {
  if (!organisation.logoAssetId) return null;
  const url = new URL(`/api/share/${organisation.id}/mail-logo.png`, publicUrl);
  url.searchParams.set('v', String(organisation.revision));
  return url.toString();
}

export type MailSender = { fromName: string; replyTo: string | null };

/**
 * Mail goes out in the organisation's name ("Acme Cloud Trust Center" <MAIL_FROM's address>), so the
 * sending domain still aligns with SPF and DKIM; replies go to its support mailbox when it has one.
 */
export function mailSender(organisation: BrandedOrganisation): MailSender {
  return { fromName: portalName(organisation), replyTo: organisation.customisation.supportMailbox ?? null };
}

export function mailBrand(config: Pick<Config, 'publicUrl'>, organisation: BrandedOrganisation): MailBrand {
  return {
    organisationName: organisation.name,
    portalName: portalName(organisation),
    portalUrl: new URL(`/${organisation.slug}`, config.publicUrl).toString(),
    logoUrl: mailLogoUrl(config.publicUrl, organisation),
    palette: accentPalette(organisation.customisation.accentColor),
  };
}
