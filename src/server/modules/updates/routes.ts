import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Slug } from '../../../shared/portal';
import {
  AddUpdateInput,
  CreateTopicInput,
  EditTopicInput,
  EditUpdateInput,
  FeedQuery,
  NotificationBarQuery,
  NotificationBarResponse,
  StaffTopicsResponse,
  StaffTopicView,
  TopicParams,
  UpdateParams,
  VisitorUpdatesQuery,
  VisitorUpdatesResponse,
} from '../../../shared/updates';
import { type AppDeps, requireViewer, verbContext } from '../../context';
import { mediaAnswer } from '../../net/answers';
import { staffRoutes } from '../../net/staff-routes';
import { addUpdate } from './add-update';
import { createTopic } from './create-topic';
import { deleteTopic } from './delete-topic';
import { deleteUpdate } from './delete-update';
import { editTopic } from './edit-topic';
import { editUpdate } from './edit-update';
import { type FeedFormat, feedContentTypes, getUpdatesFeed } from './feeds';
import { getNotificationBar } from './get-notification-bar';
import { listStaffTopics } from './list-staff-topics';
import { listVisitorUpdates } from './list-visitor-updates';

const portalRoute = { viewer: 'portal' as const };
const shareParams = z.object({ org: Slug });
const tags = ['updates'];

/** Anonymous answers are the same for everyone; anything else names one viewer and must not be shared. */
function setCaching(request: FastifyRequest, reply: FastifyReply) {
  const isPublic = requireViewer(request).mode === 'public';
  reply.header('cache-control', isPublic ? 'public, max-age=0, must-revalidate' : 'private, no-store');
  reply.header('vary', 'cookie');
}

/** Trust updates: staff publishing (spec 3 §3, §5), the visitor card and bar (spec 3 §7), feeds. */
export const updateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });

  staff.get(
    '/api/updates/topics',
    {
      summary: 'Every topic with its updates and delivery progress, and the e-mail subscriber count',
      response: { 200: StaffTopicsResponse },
    },
    (ctx) => listStaffTopics({ ctx }),
  );

  staff.post(
    '/api/updates/topics',
    {
      summary: 'Publishes a compliance update: a new topic with its first update',
      body: CreateTopicInput,
      response: { 201: StaffTopicView },
    },
    (ctx, { body }) => createTopic({ ctx, input: body }),
  );

  staff.patch(
    '/api/updates/topics/:topicId',
    {
      summary: 'Edits a topic: subject, category, hidden, pinned',
      params: TopicParams,
      body: EditTopicInput,
      response: { 200: StaffTopicView },
    },
    (ctx, { params, body }) => editTopic({ ctx, input: { ...body, topicId: params.topicId } }),
  );

  staff.delete(
    '/api/updates/topics/:topicId',
    { summary: 'Deletes a topic and its updates', params: TopicParams },
    (ctx, { params }) => deleteTopic({ ctx, input: params }),
  );

  staff.post(
    '/api/updates/topics/:topicId/updates',
    {
      summary: 'Publishes a further update in a topic',
      params: TopicParams,
      body: AddUpdateInput,
      response: { 201: StaffTopicView },
    },
    (ctx, { params, body }) => addUpdate({ ctx, input: { ...body, topicId: params.topicId } }),
  );

  staff.patch(
    '/api/updates/topics/:topicId/updates/:updateId',
    {
      summary: "Edits an update's message or status-page audience",
      params: UpdateParams,
      body: EditUpdateInput,
      response: { 200: StaffTopicView },
    },
    (ctx, { params, body }) => editUpdate({ ctx, input: { ...body, ...params } }),
  );

  staff.delete(
    '/api/updates/topics/:topicId/updates/:updateId',
    {
      summary: 'Deletes one update of a topic (not its last one)',
      params: UpdateParams,
      response: { 200: StaffTopicView },
    },
    (ctx, { params }) => deleteUpdate({ ctx, input: params }),
  );

  app.get(
    '/api/statuspage/share/:org/compliance-update',
    {
      config: portalRoute,
      schema: {
        tags,
        summary: 'Trust updates the viewer may see: pinned first, then newest; 5 per page',
        params: shareParams,
        querystring: VisitorUpdatesQuery,
        response: { 200: VisitorUpdatesResponse },
      },
    },
    async (request, reply) => {
      setCaching(request, reply);
      return listVisitorUpdates({ ctx: verbContext(deps, request), input: request.query });
    },
  );

  app.get(
    '/api/statuspage/share/:org/compliance-update/latest',
    {
      config: portalRoute,
      schema: {
        tags,
        summary: 'The notification bar: the newest visible update of the last 24 hours, or null',
        params: shareParams,
        querystring: NotificationBarQuery,
        response: { 200: NotificationBarResponse },
      },
    },
    async (request, reply) => {
      setCaching(request, reply);
      return getNotificationBar({
        ctx: verbContext(deps, request),
        input: { product: request.query.product },
      });
    },
  );

  for (const format of ['atom', 'json'] as FeedFormat[]) {
    app.get(
      `/:org/updates.${format}`,
      {
        config: portalRoute,
        schema: {
          tags,
          summary: `${format === 'atom' ? 'Atom' : 'JSON Feed'} of public updates (?category= a kind, ?product= a product's slug)`,
          params: shareParams,
          querystring: FeedQuery,
          response: {
            200: mediaAnswer('The feed', [feedContentTypes[format].split(';')[0] ?? 'application/json'], {
              isText: true,
            }),
          },
        },
      },
      async (request, reply) => {
        const body = await getUpdatesFeed({
          ctx: verbContext(deps, request),
          input: { format, category: request.query.category, product: request.query.product },
        });
        return reply.type(feedContentTypes[format]).header('cache-control', 'public, max-age=300').send(body);
      },
    );
  }
};
