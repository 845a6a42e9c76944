import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomDomainInput, CustomDomainStatus } from '../../../shared/staff';
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { getCustomDomain } from './get-custom-domain';
import { removeCustomDomain } from './remove-custom-domain';
import { setCustomDomain } from './set-custom-domain';
import { verifyCustomDomain } from './verify-custom-domain';

/** The organisation's custom domain: request one, prove it by DNS TXT record, remove it. */
export const customDomainRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags: ['custom-domains'], deps, writes: 'organisation:manage' });
  const response = { 200: CustomDomainStatus };

  staff.get(
    '/api/staff/custom-domain',
    { summary: 'The custom domain, its TXT record and status', response },
    (ctx) => getCustomDomain({ ctx }),
  );
  staff.put(
    '/api/staff/custom-domain',
    {
      summary: 'Requests a custom domain and issues the token for its TXT record (statuspage:edit)',
      body: CustomDomainInput,
      response,
    },
    (ctx, { body }) => setCustomDomain({ ctx, input: body }),
  );
  staff.post(
    '/api/staff/custom-domain/verify',
    {
      summary: 'Looks up _attest-challenge.<domain> and, when it holds the token, starts using the domain',
      response,
    },
    (ctx) => verifyCustomDomain({ ctx }),
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
  );
  staff.delete(
    '/api/staff/custom-domain',
    { summary: 'Stops using the custom domain (statuspage:edit)', response },
    (ctx) => removeCustomDomain({ ctx }),
  );
};
