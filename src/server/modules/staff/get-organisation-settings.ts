import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { PortalCustomisation } from '../../../shared/portal';
import { OrganisationSettings } from '../../../shared/staff';
import type { Context } from '../../context';
import { canUseConsole } from '../../policy';

/** The settings form's values; any staff member of the organisation may read them. */
export function getOrganisationSettings({ ctx }: { ctx: Pick<Context, 'viewer'> }): OrganisationSettings {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const { name, slug, websiteUrl, customisation } = ctx.viewer.organisation;
  // Stored values are read leniently (a stale script id reads as none) before the answer shows them.
  return OrganisationSettings.parse({
    name,
    slug,
    websiteUrl,
    customisation: PortalCustomisation.parse(customisation),
  });
}
