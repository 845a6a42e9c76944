import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../../shared/limits';
import { type AppDeps, requireViewer, verbContext } from '../../context';
import { mediaAnswer, redirectAnswer } from '../../net/answers';
import { getAsset } from './get-asset';
import { renderMailLogo } from './render-mail-logo';
import { renderOgImage } from './render-og-image';

const oneYear = 'public, max-age=31536000, immutable';
const briefly = 'public, max-age=300';
const versionQuery = z.object({ v: z.string().max(32).optional() });
// An SVG opened on its own is a document: this policy lets it draw but never run script or load anything.
const imageDocumentPolicy = "default-src 'none'; style-src 'unsafe-inline'";

/** Public images of an organisation: stored assets (logos, banners, favicons) and the link-preview image. */
export const assetRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/share/:orgId/assets/:assetId',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['assets'],
        summary: 'An image of the organisation (logo, favicon, banner)',
        params: z.object({ orgId: z.string().uuid(), assetId: z.string().uuid() }),
        querystring: versionQuery,
        response: {
          200: mediaAnswer('The image, in the type it was uploaded as', [
            'image/*',
            'application/octet-stream',
          ]),
          304: redirectAnswer('Not modified (If-None-Match matched the ETag)'),
        },
      },
    },
    async (request, reply) => {
      const asset = await getAsset({
        ctx: verbContext(deps, request),
        input: { assetId: request.params.assetId, version: request.query.v },
      });
      reply
        .header('content-type', asset.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', imageDocumentPolicy)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', asset.isCurrentVersion ? oneYear : briefly)
        .header('etag', asset.etag);
      if (!asset.isImage) reply.header('content-disposition', 'attachment');
      if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
      return reply.send(asset.bytes);
    },
  );

  app.get(
    '/api/share/:orgId/og-image.png',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['assets'],
        summary: `The ${limits.ogImageWidth}x${limits.ogImageHeight} link-preview image of the portal`,
        params: z.object({ orgId: z.string().uuid() }),
        querystring: versionQuery,
        response: { 200: mediaAnswer('The PNG image', ['image/png']) },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const png = await renderOgImage({ ctx: verbContext(deps, request) });
      const isCurrent = request.query.v === String(viewer.organisation.revision);
      return reply
        .header('content-type', 'image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', isCurrent ? oneYear : briefly)
        .send(png);
    },
  );

  app.get(
    '/api/share/:orgId/mail-logo.png',
    {
      config: { viewer: 'portal' },
      schema: {
        tags: ['assets'],
        summary: 'The organisation logo as mail clients can show it (an SVG logo drawn as PNG)',
        params: z.object({ orgId: z.string().uuid() }),
        querystring: versionQuery,
        response: { 200: mediaAnswer('The logo', ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const logo = await renderMailLogo({ ctx: verbContext(deps, request) });
      const isCurrent = request.query.v === String(viewer.organisation.revision);
      return reply
        .header('content-type', logo.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', isCurrent ? oneYear : briefly)
        .send(logo.bytes);
    },
  );
};
