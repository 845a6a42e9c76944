import { type KnownCompany, searchKnownCompanies } from '../../../shared/company-catalogue';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import { canEditPortal } from '../../policy';

/** GET /api/companies?text= — the company picker's search over the built-in list (staff). */
export function searchCompanies({ ctx, input }: { ctx: Pick<Context, 'viewer'>; input: { text: string } }): {
  companies: KnownCompany[];
} {
  if (!canEditPortal(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
  return { companies: searchKnownCompanies(input.text) };
}
