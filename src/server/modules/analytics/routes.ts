import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountEngagementDetail,
  AccountEngagementExportQuery,
  AccountEngagementPage,
  AccountEngagementParamsSchema,
  AccountEngagementQuery,
  AnalyticsBatch,
  AnalyticsBatchResult,
  AnalyticsDashboard,
  AnalyticsExportQuery,
  AnalyticsRangeQuery,
  analyticsLimits,
} from '../../../shared/analytics';
import { Slug } from '../../../shared/portal';
import { type AppDeps, verbContext } from '../../context';
import { contentDisposition } from '../../core';
import { mediaAnswer } from '../../net/answers';
import { staffRoutes } from '../../net/staff-routes';
import {
  exportAccountEngagement,
  getAccountEngagementDetail,
  getAccountEngagementPage,
} from './account-engagement';
import { exportAnalytics } from './export-analytics';
import { getAnalyticsDashboard } from './get-dashboard';
import { flushPageViews } from './page-view-buffer';
import { recordClientEvents } from './record-events';

const oneMinuteMs = 60_000;
const tags = ['analytics'];

/** First-party analytics: the portal's event intake and the staff dashboard and export. */
export const analyticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'organisation:manage' });
  // navigator.sendBeacon posts text/plain (a CORS-safe type); the body is the same JSON. Only the
  // routes of this plugin parse text/plain this way.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: analyticsLimits.batchBodyMaxBytes },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        const error = Object.assign(new Error('Body is not JSON'), { statusCode: 400 });
        done(error, undefined);
      }
    },
  );
  app.addHook('onClose', async () => flushPageViews(deps.database.db));

  app.post(
    '/api/statuspage/share/:org/events',
    {
      // A beacon cannot carry the CSRF header; the session cookie is SameSite=Lax, so a cross-site
      // page cannot post events as a signed-in member anyway.
      config: {
        viewer: 'portal',
        skipCsrf: true,
        rateLimit: {
          max: analyticsLimits.batchesPerIpPerMinute,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `analytics:${request.ip}`,
        },
      },
      bodyLimit: analyticsLimits.batchBodyMaxBytes,
      schema: {
        tags,
        summary: 'Records a batch of portal analytics events (fixed names, small properties)',
        params: z.object({ org: Slug }),
        body: AnalyticsBatch,
        response: { 202: AnalyticsBatchResult },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await recordClientEvents({ ctx: verbContext(deps, request), input: request.body })),
  );

  staff.get(
    '/api/analytics',
    {
      summary: 'Visits, visitors, top items and documents, searches, access funnel and accounts for a range',
      querystring: AnalyticsRangeQuery,
      response: { 200: AnalyticsDashboard },
    },
    async (ctx, request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAnalyticsDashboard({ ctx, input: request.query });
    },
  );

  staff.get(
    '/api/analytics/export',
    {
      summary: 'CSV export of events, accounts or documents for a range (UTF-8, optional BOM)',
      querystring: AnalyticsExportQuery,
      response: { 200: mediaAnswer('The CSV file (UTF-8)', ['text/csv'], { isText: true }) },
    },
    async (ctx, request, reply) => {
      const { filename, csv } = await exportAnalytics({ ctx, input: request.query });
      return sendCsv(reply, filename, csv);
    },
  );

  staff.get(
    '/api/analytics/accounts',
    {
      summary: 'Accounts with activity in a range, most engaged first, one page at a time',
      querystring: AccountEngagementQuery,
      response: { 200: AccountEngagementPage },
    },
    async (ctx, request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAccountEngagementPage({ ctx, input: request.query });
    },
  );

  staff.get(
    '/api/analytics/accounts/:accountId',
    {
      summary: "One account's people, documents, items and recent activity in a range",
      params: AccountEngagementParamsSchema,
      querystring: AnalyticsRangeQuery,
      response: { 200: AccountEngagementDetail },
    },
    async (ctx, request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAccountEngagementDetail({
        ctx,
        accountId: request.params.accountId,
        input: request.query,
      });
    },
  );

  staff.get(
    '/api/analytics/accounts/:accountId/export',
    {
      summary: "CSV of one account's views, downloads and items opened in a range (UTF-8, optional BOM)",
      params: AccountEngagementParamsSchema,
      querystring: AccountEngagementExportQuery,
      response: { 200: mediaAnswer('The CSV file (UTF-8)', ['text/csv'], { isText: true }) },
    },
    async (ctx, request, reply) => {
      const { filename, csv } = await exportAccountEngagement({
        ctx,
        accountId: request.params.accountId,
        input: request.query,
      });
      return sendCsv(reply, filename, csv);
    },
  );
};

function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', contentDisposition('attachment', filename))
    .header('cache-control', 'no-store')
    .send(csv);
}
