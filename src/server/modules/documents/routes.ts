import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BridgeLetterInput,
  BridgeLetterType,
  BridgeLetterView,
  BulkDownloadInput,
  BulkDownloadResult,
  documentLimits,
  FeaturedDocumentsInput,
  FeaturedDocumentsResult,
  ItemFilesInput,
  ItemFilesResult,
  LibraryFile,
  LibraryFileList,
  UpdateLibraryFileInput,
} from '../../../shared/documents';
import { limits } from '../../../shared/limits';
import { Slug } from '../../../shared/portal';
import { type AppDeps, verbContext } from '../../context';
import { contentDisposition } from '../../core';
import { mediaAnswer } from '../../net/answers';
import { staffRoutes } from '../../net/staff-routes';
import { getBridgeLetter, saveBridgeLetter } from './bridge-letters';
import { openBulkDownload, prepareBulkDownload } from './bulk-download';
import { deleteLibraryFile } from './delete-library-file';
import { getDocument } from './get-document';
import { getLibraryFile } from './get-library-file';
import { listLibraryFiles } from './list-library-files';
import { isContinuation, sendDocument } from './send-document';
import { setFeaturedDocuments } from './set-featured-documents';
import { setItemFiles } from './set-item-files';
import { updateLibraryFile } from './update-library-file';
import { uploadDocument } from './upload-document';
import { zipStream } from './zip-stream';

const fileParams = z.object({ fileId: z.string().uuid() });
const productParams = z.object({ productId: z.string().uuid() });
const shareParams = z.object({ org: Slug });
const Disposition = z.enum(['inline', 'attachment']).default('inline');
const previewQuery = {
  accountId: z.string().uuid().optional(),
  permissionProfileId: z.string().uuid().optional(),
  preview: z.enum(['public']).optional(),
};
const binary = mediaAnswer("The file's bytes, in its own type", ['application/octet-stream']);
const tags = ['documents'];

/** The staff library, item links, featured order, bridge letters, and visitors' views and downloads. */
export const documentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  // Uploads arrive as the raw body (any content type) and are streamed, never buffered whole.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    staffRoutes(uploads, { tags, deps, writes: 'statuspage:edit' }).post(
      '/api/documents',
      {
        summary: `Uploads a document (raw body, up to ${documentLimits.uploadMaxBytes / 1024 / 1024} MB; the type is checked by its bytes)`,
        querystring: z.object({
          name: z.string().min(1).max(limits.queryValueMaxLength),
          title: z.string().max(documentLimits.titleMaxLength).optional(),
        }),
        response: { 201: LibraryFile },
      },
      async (ctx, request) => {
        const declared = Number(request.headers['content-length']);
        const file = await uploadDocument({
          ctx,
          input: {
            body: (request.body as Readable | undefined) ?? request.raw,
            name: request.query.name,
            title: request.query.title,
            declaredLength: Number.isFinite(declared) ? declared : undefined,
          },
        });
        return file;
      },
    );
  });

  staff.get(
    '/api/documents',
    { summary: 'The document library', response: { 200: LibraryFileList } },
    (ctx) => listLibraryFiles({ ctx }),
    { needs: 'files:view' },
  );

  staff.patch(
    '/api/documents/:fileId',
    {
      summary: 'Renames a document or sets its access type',
      params: fileParams,
      body: UpdateLibraryFileInput,
      response: { 200: LibraryFile },
    },
    (ctx, request) => updateLibraryFile({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.delete(
    '/api/documents/:fileId',
    {
      summary:
        'Deletes a document, its item links and its stored bytes; 409 when a documents item would be left without a file',
      params: fileParams,
      response: { 204: z.null() },
    },
    async (ctx, request) => {
      await deleteLibraryFile({ ctx, input: request.params });
    },
  );

  staff.get(
    '/api/documents/:fileId/content',
    {
      summary: 'A library document for staff (files:view to view, files:download to download)',
      params: fileParams,
      querystring: z.object({ disposition: Disposition }),
      response: { 200: binary, 206: binary },
    },
    async (ctx, request, reply) => {
      const { disposition } = request.query;
      const body = await getLibraryFile({
        ctx,
        input: {
          fileId: request.params.fileId,
          action: disposition === 'attachment' ? 'download' : 'view',
          isNewAccess: !isContinuation(request),
          ipAddress: request.ip,
        },
      });
      return sendDocument(request, reply, body, { disposition, isPublic: false });
    },
    // Viewing is files:view; a download (disposition=attachment) is checked for files:download too.
    { needs: 'files:view' },
  );

  staff.put(
    '/api/trust-center/products/:productId/items/:itemUid/files',
    {
      summary: "Saves an item's linked files (its pending links and unlinks at once)",
      params: productParams.extend({ itemUid: z.string().uuid() }),
      body: ItemFilesInput,
      response: { 200: ItemFilesResult },
    },
    (ctx, request) => setItemFiles({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.put(
    '/api/trust-center/products/:productId/documents/featured',
    {
      summary: 'The featured documents of the documents card, in order',
      params: productParams,
      body: FeaturedDocumentsInput,
      response: { 200: FeaturedDocumentsResult },
    },
    (ctx, request) => setFeaturedDocuments({ ctx, input: { ...request.params, ...request.body } }),
  );

  const letterParams = productParams.extend({ letterType: BridgeLetterType });
  staff.get(
    '/api/trust-center/products/:productId/bridge-letters/:letterType',
    {
      summary: 'A SOC 1 / SOC 2 bridge letter',
      params: letterParams,
      response: { 200: BridgeLetterView },
    },
    (ctx, request) => getBridgeLetter({ ctx, input: request.params }),
  );

  staff.put(
    '/api/trust-center/products/:productId/bridge-letters/:letterType',
    {
      summary: 'Saves (or, disabled, removes) a bridge letter',
      params: letterParams,
      body: BridgeLetterInput,
      response: { 200: BridgeLetterView },
    },
    (ctx, request) => saveBridgeLetter({ ctx, input: { ...request.params, ...request.body } }),
  );

  app.get(
    '/api/statuspage/share/:org/documents/:fileId',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: 'Views or downloads a document of the documents card, through the access gate',
        params: shareParams.extend({ fileId: z.string().uuid() }),
        querystring: z.object({ itemUid: z.string().uuid(), disposition: Disposition, ...previewQuery }),
        response: { 200: binary, 206: binary },
      },
    },
    async (request, reply) => {
      const { disposition, itemUid } = request.query;
      const { body, isPublic } = await getDocument({
        ctx: verbContext(deps, request),
        input: {
          documentId: request.params.fileId,
          itemUid,
          action: disposition === 'attachment' ? 'download' : 'view',
          isNewAccess: !isContinuation(request),
          ipAddress: request.ip,
        },
      });
      return sendDocument(request, reply, body, { disposition, isPublic });
    },
  );

  app.post(
    '/api/statuspage/share/:org/bulk-download',
    {
      config: {
        viewer: 'portal',
        rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: (request) => `bulk-download:${request.ip}` },
      },
      schema: {
        tags,
        summary: 'Checks a bulk download selection and answers a signed, expiring zip URL',
        params: shareParams,
        querystring: z.object(previewQuery),
        body: BulkDownloadInput,
        response: { 200: BulkDownloadResult },
      },
    },
    (request) => prepareBulkDownload({ ctx: verbContext(deps, request), input: request.body }),
  );

  app.get(
    '/api/statuspage/share/:org/bulk-download/file',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: 'Streams the zip of a signed bulk download URL (each entry re-checked against the gate)',
        params: shareParams,
        querystring: z.object({ token: z.string().min(1).max(limits.queryValueMaxLength), ...previewQuery }),
        response: { 200: binary },
      },
    },
    async (request, reply) => {
      const { fileName, entries } = await openBulkDownload({
        ctx: verbContext(deps, request),
        input: { token: request.query.token, ipAddress: request.ip },
      });
      reply.header('Content-Type', 'application/zip');
      reply.header('Content-Disposition', contentDisposition('attachment', fileName));
      reply.header('Cache-Control', 'private, no-store');
      return reply.send(zipStream(entries));
    },
  );
};
