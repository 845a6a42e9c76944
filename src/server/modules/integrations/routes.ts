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
import type { AppDeps } from '../../context';
import { requireViewer } from '../../plugins/viewer';
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
const staffRoute = { viewer: 'staff' as const };
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
  const clients = createIntegrationClients(deps.config.integrations);
  const context = (request: FastifyRequest): IntegrationContext => ({
    db: deps.database.db,
    viewer: requireViewer(request),
    providers: deps.providers,
    config: deps.config,
    clients,
    report: (message, details) => request.log.warn(details, message),
  });

  app.get(
    '/api/integrations/hackerone',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'The bug-bounty connection with its live statistics (or the temporary error)',
        querystring: ProductQuery,
        response: { 200: HackerOneStateSchema },
      },
    },
    (request) => getHackerOneState({ ctx: context(request), input: request.query }),
  );

  app.post(
    '/api/integrations/hackerone/connect',
    {
      config: { ...staffRoute, rateLimit: outboundLimit('hackerone') },
      schema: {
        tags,
        summary: 'Connects a HackerOne program by its page link',
        body: HackerOneConnectInput,
        response: { 200: HackerOneStateSchema },
      },
    },
    (request) => connectHackerOne({ ctx: context(request), input: request.body }),
  );

  app.delete(
    '/api/integrations/hackerone',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Disconnects the bug-bounty program',
        querystring: ProductQuery,
        response: { 200: z.object({ disconnected: z.boolean() }) },
      },
    },
    (request) =>
      disconnectIntegration({ ctx: context(request), input: { ...request.query, kind: 'hackerone' } }),
  );

  app.get(
    '/api/integrations/statuspageio',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'The status-page connection with its live status (or the temporary error)',
        querystring: ProductQuery,
        response: { 200: StatuspageStateSchema },
      },
    },
    (request) => getStatuspageState({ ctx: context(request), input: request.query }),
  );

  app.post(
    '/api/integrations/statuspageio/connect',
    {
      config: { ...staffRoute, rateLimit: outboundLimit('statuspage') },
      schema: {
        tags,
        summary: 'Connects a Statuspage status page by its address',
        body: StatuspageConnectInput,
        response: { 200: StatuspageStateSchema },
      },
    },
    (request) => connectStatuspage({ ctx: context(request), input: request.body }),
  );

  app.patch(
    '/api/integrations/statuspageio',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: "The status page's 'Show on Trust Center' switch",
        body: IntegrationSettingsInput,
        response: { 200: z.object({ showInCard: z.boolean() }) },
      },
    },
    (request) => updateStatuspageSettings({ ctx: context(request), input: request.body }),
  );

  app.delete(
    '/api/integrations/statuspageio',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Disconnects the status page',
        querystring: ProductQuery,
        response: { 200: z.object({ disconnected: z.boolean() }) },
      },
    },
    (request) =>
      disconnectIntegration({ ctx: context(request), input: { ...request.query, kind: 'statuspage' } }),
  );

  app.get(
    '/api/integrations/ssc/:domain',
    {
      config: { ...staffRoute, rateLimit: outboundLimit('ssc') },
      schema: {
        tags,
        summary: "SecurityScorecard's grade of a domain ('Get Grade')",
        params: z.object({ domain: z.string().max(253) }),
        response: { 200: ScorecardGrade },
      },
    },
    (request) => getScorecardGrade({ ctx: context(request), input: request.params }),
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
