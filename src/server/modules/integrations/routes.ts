import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Slug } from '../../../shared/portal';
import {
  HackerOneConnectInput,
  HackerOneData,
  IntegrationSettingsInput,
  ProductQuery,
  ScorecardGrade,
  StatuspageConnectInput,
  StatuspageData,
} from '../../../shared/specialised-cards';
import { type AppDeps, verbContext } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { connectHackerOne } from './connect-hackerone';
import { connectStatuspage } from './connect-statuspage';
import { disconnectIntegration } from './disconnect-integration';
import { getHackerOneState, getStatuspageState } from './get-integration-state';
import { getPortalHackerOne, getPortalStatuspage } from './get-portal-live-data';
import { getScorecardGrade } from './get-scorecard-grade';
import { createIntegrationClients } from './integration-clients';
import type { IntegrationContext } from './integration-context';
import { HackerOneStateSchema, StatuspageStateSchema } from './schemas';
import { updateStatuspageSettings } from './update-statuspage-settings';

const tags = ['integrations'];
const oneMinuteMs = 60_000;
/** Outbound calls on a staff member's behalf: enough for an editor, not for scanning addresses. */
const outboundLimit = (name: string) => ({
  max: 20,
  timeWindow: oneMinuteMs,
  keyGenerator: (request: FastifyRequest) => `integrations:${name}:${request.ip}`,
});
const portalQuery = ProductQuery.extend({
  accountId: z.string().uuid().optional(),
  permissionProfileId: z.string().uuid().optional(),
  preview: z.enum(['public']).optional(),
});

/** Bug bounty, status page and security scorecard (spec 2 §7): staff connect, visitors read live data. */
export const integrationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const clients = createIntegrationClients(deps.config.integrations, {
    allowLoopback: deps.config.outboundAllowLoopback,
  });
  // The integration clients and a logger for failures no visitor should see, beside the verb context.
  const integrationExtra = (request: FastifyRequest) => ({
    clients,
    report: (message: string, details: Record<string, unknown>) => request.log.warn(details, message),
  });
  const context = (request: FastifyRequest): IntegrationContext => ({
    ...verbContext(deps, request),
    ...integrationExtra(request),
  });
  const staff = staffRoutes(app, {
    tags,
    deps,
    extra: integrationExtra,
    writes: 'organisation:manage',
    reads: 'organisation:manage',
  });

  staff.get(
    '/api/integrations/hackerone',
    {
      summary: 'The bug-bounty connection with its live statistics (or the temporary error)',
      querystring: ProductQuery,
      response: { 200: HackerOneStateSchema },
    },
    (ctx, { query }) => getHackerOneState({ ctx, input: query }),
  );

  staff.post(
    '/api/integrations/hackerone/connect',
    {
      summary: 'Connects a HackerOne program by its page link',
      body: HackerOneConnectInput,
      response: { 200: HackerOneStateSchema },
    },
    (ctx, { body }) => connectHackerOne({ ctx, input: body }),
    { config: { rateLimit: outboundLimit('hackerone') } },
  );

  staff.delete(
    '/api/integrations/hackerone',
    {
      summary: 'Disconnects the bug-bounty program',
      querystring: ProductQuery,
      response: { 200: z.object({ disconnected: z.boolean() }) },
    },
    (ctx, { query }) => disconnectIntegration({ ctx, input: { ...query, kind: 'hackerone' } }),
  );

  staff.get(
    '/api/integrations/statuspageio',
    {
      summary: 'The status-page connection with its live status (or the temporary error)',
      querystring: ProductQuery,
      response: { 200: StatuspageStateSchema },
    },
    (ctx, { query }) => getStatuspageState({ ctx, input: query }),
  );

  staff.post(
    '/api/integrations/statuspageio/connect',
    {
      summary: 'Connects a Statuspage status page by its address',
      body: StatuspageConnectInput,
      response: { 200: StatuspageStateSchema },
    },
    (ctx, { body }) => connectStatuspage({ ctx, input: body }),
    { config: { rateLimit: outboundLimit('statuspage') } },
  );

  staff.patch(
    '/api/integrations/statuspageio',
    {
      summary: "The status page's 'Show on Trust Center' switch",
      body: IntegrationSettingsInput,
      response: { 200: z.object({ showInCard: z.boolean() }) },
    },
    (ctx, { body }) => updateStatuspageSettings({ ctx, input: body }),
  );

  staff.delete(
    '/api/integrations/statuspageio',
    {
      summary: 'Disconnects the status page',
      querystring: ProductQuery,
      response: { 200: z.object({ disconnected: z.boolean() }) },
    },
    (ctx, { query }) => disconnectIntegration({ ctx, input: { ...query, kind: 'statuspage' } }),
  );

  staff.get(
    '/api/integrations/ssc/:domain',
    {
      summary: "SecurityScorecard's grade of a domain ('Get Grade')",
      params: z.object({ domain: z.string().max(253) }),
      response: { 200: ScorecardGrade },
    },
    (ctx, { params }) => getScorecardGrade({ ctx, input: params }),
    { needs: 'statuspage:edit', config: { rateLimit: outboundLimit('ssc') } },
  );

  app.get(
    '/api/statuspage/share/:org/hackerone',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: 'Live bug-bounty statistics of a product, when its page shows them',
        params: z.object({ org: Slug }),
        querystring: portalQuery,
        response: { 200: HackerOneData },
      },
    },
    (request) => getPortalHackerOne({ ctx: context(request), input: request.query }),
  );

  app.get(
    '/api/statuspage/share/:org/statuspageio',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: 'Live status of a product, when its page shows it',
        params: z.object({ org: Slug }),
        querystring: portalQuery,
        response: { 200: StatuspageData },
      },
    },
    (request) => getPortalStatuspage({ ctx: context(request), input: request.query }),
  );
};
