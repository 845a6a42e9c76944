import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { OrganisationSettings } from '../../../shared/staff';
import type { Context } from '../../context';
import { canUseConsole } from '../../policy';

/** The settings form's values; any staff member of the organisation may read them. */
export function getOrganisationSettings({ ctx }: { ctx: Pick<Context, 'viewer'> }): OrganisationSettings {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  const { name, slug, websiteUrl, customisation } = ctx.viewer.organisation;
  // The viewer's customisation was read leniently when the organisation was loaded (toViewerOrganisation).
  return OrganisationSettings.parse({ name, slug, websiteUrl, customisation });
}
