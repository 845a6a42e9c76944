import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../shared/limits';
import { PortalView, Slug } from '../../../shared/portal';
import type { AppDeps } from '../../context';
import { markIfStale, requireViewer } from '../../plugins/viewer';
import { getPortalViewJson } from './get-portal-view';

const shareParams = z.object({ org: Slug });
const previewQuery = z.object({
  accountId: z.string().uuid().optional(),
  permissionProfileId: z.string().uuid().optional(),
  preview: z.enum(['public']).optional(),
  product: Slug.optional(),
});

/** The view is already validated and serialised by getPortalViewJson; Fastify sends strings as they are. */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json as unknown as PortalView);
}

export const portalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = (viewer: ReturnType<typeof requireViewer>) => ({
    db: deps.database.db,
    viewer,
    providers: deps.providers,
    config: deps.config,
  });

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
      const json = await getPortalViewJson({
        ctx: context(requireViewer(request)),
        input: { productSlug: request.query.product },
      });
      markIfStale(request, reply);
      return sendJson(reply, json);
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
      const json = await getPortalViewJson({
        ctx: context(requireViewer(request)),
        input: { productId: request.params.productId },
      });
      markIfStale(request, reply);
      return sendJson(reply, json);
    },
  );
};
