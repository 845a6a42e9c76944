import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentLimits } from '../../../shared/documents';
import {
  MissingDocumentList,
  TrustCenterExportQuery,
  TrustCenterImportFailure,
  TrustCenterImportQuery,
  TrustCenterImportSummary,
  trustCenterFileMaxBytes,
} from '../../../shared/trust-center-export';
import type { AppDeps } from '../../context';
import { contentDisposition } from '../../core';
import { mediaAnswer } from '../../net/answers';
import { staffRoutes } from '../../net/staff-routes';
import { TrustCenterImportError } from './import-trust-center';
import {
  exportTrustCenterForStaff,
  importTrustCenterForStaff,
  listMissingDocuments,
  uploadMissingDocument,
} from './staff-trust-center';

/** Any 400 of the import route: a file's problems (errors) or a request error (error only). */
const ImportBadRequest = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
  errors: TrustCenterImportFailure.shape.errors.optional(),
});
const tags = ['trust center as code'];

/** Trust center as code: export and import of the whole trust center (staff console and API). */
export const trustCenterExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  staff.get(
    '/api/trust-center/export',
    {
      summary: 'The whole trust center as one JSON or YAML file, without secrets or people (statuspage:edit)',
      querystring: TrustCenterExportQuery,
      response: {
        200: mediaAnswer('The export file', ['application/json', 'application/yaml'], { isText: true }),
      },
    },
    async (ctx, request, reply) => {
      const exported = await exportTrustCenterForStaff({ ctx, input: request.query });
      return reply
        .type(exported.contentType)
        .header('content-disposition', contentDisposition('attachment', exported.fileName))
        .header('cache-control', 'no-store')
        .send(exported.body);
    },
    { needs: 'statuspage:edit' },
  );

  staff.get(
    '/api/trust-center/documents/missing',
    {
      summary: 'Documents imported as metadata whose file has not been uploaded yet',
      response: { 200: MissingDocumentList },
    },
    async (ctx, _request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMissingDocuments({ ctx });
    },
    { needs: 'statuspage:edit' },
  );

  // The import file is the raw body, read as bytes whatever its type: its text keeps the line numbers.
  await app.register(async (plugin) => {
    const imports = plugin.withTypeProvider<ZodTypeProvider>();
    imports.removeAllContentTypeParsers();
    imports.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: trustCenterFileMaxBytes },
      (_request, body, done) => done(null, body),
    );
    staffRoutes(imports, { tags, deps, writes: 'statuspage:edit' }).post(
      '/api/trust-center/import',
      {
        summary:
          'Imports a trust center file (raw JSON or YAML body) into this organisation while it has no content; ' +
          'all or nothing. A 400 lists every problem with its line: { errors: [{ line, column, path, message }] }',
        querystring: TrustCenterImportQuery,
        response: { 200: TrustCenterImportSummary, 400: ImportBadRequest },
      },
      async (ctx, request, reply) => {
        try {
          return await importTrustCenterForStaff({
            ctx,
            input: {
              body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
              fileName: request.query.fileName,
              contentType: request.headers['content-type'],
            },
          });
        } catch (error) {
          if (!(error instanceof TrustCenterImportError)) throw error;
          const failure: z.infer<typeof TrustCenterImportFailure> = {
            error: { code: 'validation_failed', message: error.message, fields: error.fields },
            errors: error.problems,
          };
          return reply.status(400).send(failure);
        }
      },
      { bodyLimit: trustCenterFileMaxBytes },
    );
  });

  // A document's bytes stream to a temporary file, never buffered whole.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    staffRoutes(uploads, { tags, deps, writes: 'statuspage:edit' }).put(
      '/api/trust-center/documents/:fileId/content',
      {
        summary: `Uploads the file of a document imported as metadata (raw body, up to ${documentLimits.uploadMaxBytes / 1024 / 1024} MB); it must match the sha256 and size`,
        params: z.object({ fileId: z.string().uuid() }),
        response: { 200: z.object({ fileId: z.string().uuid() }) },
      },
      async (ctx, request) =>
        uploadMissingDocument({
          ctx,
          input: {
            fileId: request.params.fileId,
            body: (request.body as Readable | undefined) ?? request.raw,
          },
        }),
    );
  });
};
