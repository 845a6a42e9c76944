import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../shared/limits';
import { PortalView, Slug } from '../../../shared/portal';
import { type AppDeps, verbContext } from '../../context';
import { markIfStale } from '../../plugins/viewer';
import { getPortalViewAnswer, type PortalViewAnswer } from './get-portal-view';
import { sendPreparedBody, sendSplicedBody } from './send-body';

const shareParams = z.object({ org: Slug });
const previewQuery = z.object({
  accountId: z.string().uuid().optional(),
  permissionProfileId: z.string().uuid().optional(),
  preview: z.enum(['public']).optional(),
  product: Slug.optional(),
});

/**
 * The view is already validated and serialised by getPortalViewAnswer; Fastify sends strings and
 * buffers as they are. Shared answers are revalidated on each use (ETag), so an edit shows at once.
 */
function sendView(request: FastifyRequest, reply: FastifyReply, answer: PortalViewAnswer) {
  markIfStale(request, reply);
  if (answer.kind === 'single') {
    return reply.type('application/json; charset=utf-8').send(answer.json as unknown as PortalView);
  }
  if (answer.kind === 'personal') return sendSplicedBody(request, reply, answer.body, answer.parts);
  if (!request.staleSince) reply.header('cache-control', 'no-cache');
  return sendPreparedBody(request, reply, answer.body);
}

export const portalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/statuspage/share/:org/view',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['portal'],
        summary: "The viewer's page model for the default product",
        params: shareParams,
        querystring: previewQuery,
        response: { 200: PortalView },
      },
    },
    async (request, reply) => {
      const answer = await getPortalViewAnswer({
        ctx: verbContext(deps, request),
        input: { productSlug: request.query.product },
      });
      return sendView(request, reply, answer);
    },
  );

  app.get(
    '/api/statuspage/share/:org/view/:productId',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['portal'],
        summary: "The viewer's page model for one product",
        params: shareParams.extend({ productId: z.string().uuid().max(limits.queryValueMaxLength) }),
        querystring: previewQuery,
        response: { 200: PortalView },
      },
    },
    async (request, reply) => {
      const answer = await getPortalViewAnswer({
        ctx: verbContext(deps, request),
        input: { productId: request.params.productId },
      });
      return sendView(request, reply, answer);
    },
  );
};
