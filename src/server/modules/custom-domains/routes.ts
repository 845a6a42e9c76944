import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomDomainInput, CustomDomainStatus } from '../../../shared/staff';
import type { AppDeps } from '../../context';
import { requireViewer } from '../../plugins/viewer';
import { readCustomDomainStatus } from './queries';
import { removeCustomDomain } from './remove-custom-domain';
import { setCustomDomain } from './set-custom-domain';
import { verifyCustomDomain } from './verify-custom-domain';

const tags = ['custom-domains'];

/** The organisation's custom domain: request one, prove it by DNS TXT record, remove it. */
export const customDomainRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = (request: FastifyRequest) => ({
    db: deps.database.db,
    viewer: requireViewer(request),
    providers: deps.providers,
    config: deps.config,
  });
  const staff = { viewer: 'staff' as const };
  const response = { 200: CustomDomainStatus };

  app.get(
    '/api/staff/custom-domain',
    { config: staff, schema: { tags, summary: 'The custom domain, its TXT record and status', response } },
    async (request) => readCustomDomainStatus(deps.database.db, requireViewer(request).organisation.id),
  );
  app.put(
    '/api/staff/custom-domain',
    {
      config: staff,
      schema: {
        tags,
        summary: 'Requests a custom domain and issues the token for its TXT record (statuspage:edit)',
        body: CustomDomainInput,
        response,
      },
    },
    async (request) => setCustomDomain({ ctx: context(request), input: request.body }),
  );
  app.post(
    '/api/staff/custom-domain/verify',
    {
      config: { ...staff, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Looks up _attest-challenge.<domain> and, when it holds the token, starts using the domain',
        response,
      },
    },
    async (request) => verifyCustomDomain({ ctx: context(request) }),
  );
  app.delete(
    '/api/staff/custom-domain',
    { config: staff, schema: { tags, summary: 'Stops using the custom domain (statuspage:edit)', response } },
    async (request) => removeCustomDomain({ ctx: context(request) }),
  );
};
