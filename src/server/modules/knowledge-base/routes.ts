import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import {
  KbEntryInput,
  KbEntryLookup,
  KbEntryPatch,
  KbGapList,
  KbHit,
  KbImportResult,
  KbQuery,
  KbQueryResult,
  KbSearchKey,
  KbSearchKeyQuery,
  kbLimits,
  kbMessages,
} from '../../../shared/knowledge-base';
import { Slug } from '../../../shared/portal';
import { type AppDeps, verbContext } from '../../context';
import { contentDisposition } from '../core/content-disposition';
import { throwValidationMessage } from '../search/validation-messages';
import { createKbEntry } from './create-kb-entry';
import { deleteKbEntry } from './delete-kb-entry';
import { deleteKbGap } from './delete-kb-gap';
import { exportKbEntries } from './export-kb-entries';
import { getKbEntry } from './get-kb-entry';
import { getSearchKey } from './get-search-key';
import { importKbEntries } from './import-kb-entries';
import { listKnowledgeGaps } from './list-kb-gaps';
import { findKnowledgeEntryByKey, queryKnowledgeBase } from './query-knowledge-base';
import { updateKbEntry } from './update-kb-entry';

const oneMinuteMs = 60_000;
const tags = ['knowledge-base'];
const staffRoute = { viewer: 'staff' as const };
const entryParams = z.object({ entryId: z.string().uuid() });
const shareKeyQuery = KbSearchKeyQuery.extend({
  permissionProfileId: z.string().uuid().optional(),
  accountId: z.string().uuid().optional(),
  preview: z.literal('public').optional(),
});

/** Knowledge base: search keys, the key-only search, and the staff's entries, CSV and gaps. */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const perIp = (name: string, max: number) => ({
    max,
    timeWindow: oneMinuteMs,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
  });
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: kbLimits.importMaxBytes },
    (_request, body, done) => {
      try {
        done(null, new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer));
      } catch {
        done(new AppError('bad_request', kbMessages.fileReadError), undefined);
      }
    },
  );

  app.get(
    '/api/statuspage/share/:org/kb/ais',
    {
      config: { viewer: 'portal', rateLimit: perIp('kb-key', 60) },
      attachValidation: true,
      schema: {
        tags,
        summary: 'A short-lived key for the knowledge-base search, limited to what this viewer may see',
        params: z.object({ org: Slug }),
        querystring: shareKeyQuery,
        response: { 200: KbSearchKey },
      },
    },
    (request) => {
      throwValidationMessage(request);
      return getSearchKey({ ctx: verbContext(deps, request), input: { productId: request.query.productId } });
    },
  );

  app.get(
    '/api/kb/ais',
    {
      config: staffRoute,
      attachValidation: true,
      schema: {
        tags,
        summary: 'A knowledge-base search key for staff (every access level; one or every product)',
        querystring: KbSearchKeyQuery,
        response: { 200: KbSearchKey },
      },
    },
    (request) => {
      throwValidationMessage(request);
      return getSearchKey({ ctx: verbContext(deps, request), input: { productId: request.query.productId } });
    },
  );

  const keyRoute = { skipCsrf: true, rateLimit: perIp('kb-query', 240) };
  app.post(
    '/api/kb/query',
    {
      config: keyRoute,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Knowledge-base search with a search key: query, filters, sort and pages',
        body: KbQuery,
        response: { 200: KbQueryResult },
      },
    },
    (request) => {
      throwValidationMessage(request);
      return queryKnowledgeBase({ ctx: { db: deps.database.db }, input: request.body });
    },
  );

  app.post(
    '/api/kb/query/entry',
    {
      config: keyRoute,
      attachValidation: true,
      schema: {
        tags,
        summary: 'One knowledge-base entry by objectID, when the search key reaches it',
        body: KbEntryLookup,
        response: { 200: KbHit },
      },
    },
    (request) => {
      throwValidationMessage(request);
      return findKnowledgeEntryByKey({ ctx: { db: deps.database.db }, input: request.body });
    },
  );

  app.get(
    '/api/kb/entries/export',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Every entry as CSV (comma, quoted fields); ?bom=1 adds a byte-order mark for Excel',
        querystring: z.object({ bom: z.enum(['0', '1']).default('0') }),
      },
    },
    async (request, reply) => {
      const csv = await exportKbEntries({ ctx: verbContext(deps, request), input: { bom: request.query.bom === '1' } });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', 'knowledge-base.csv'))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/kb/entries/import',
    {
      config: staffRoute,
      bodyLimit: kbLimits.importMaxBytes,
      schema: {
        tags,
        summary: 'Imports a CSV (text/csv body): all rows or none; each bad row is named in error.fields',
        body: z.string({ error: kbMessages.fileReadFailed }),
        response: { 200: KbImportResult },
      },
    },
    (request) => importKbEntries({ ctx: verbContext(deps, request), input: { csv: request.body } }),
  );

  app.post(
    '/api/kb/entries',
    {
      config: staffRoute,
      schema: { tags, summary: 'Adds an entry', body: KbEntryInput, response: { 201: KbHit } },
    },
    async (request, reply) =>
      reply.status(201).send(await createKbEntry({ ctx: verbContext(deps, request), input: request.body })),
  );

  app.get(
    '/api/kb/entries/:entryId',
    {
      config: staffRoute,
      schema: { tags, summary: 'One entry', params: entryParams, response: { 200: KbHit } },
    },
    (request) => getKbEntry({ ctx: verbContext(deps, request), input: request.params }),
  );

  app.patch(
    '/api/kb/entries/:entryId',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Changes an entry',
        params: entryParams,
        body: KbEntryPatch,
        response: { 200: KbHit },
      },
    },
    (request) =>
      updateKbEntry({
        ctx: verbContext(deps, request),
        input: { entryId: request.params.entryId, patch: request.body },
      }),
  );

  app.delete(
    '/api/kb/entries/:entryId',
    { config: staffRoute, schema: { tags, summary: 'Deletes an entry', params: entryParams } },
    async (request, reply) => {
      await deleteKbEntry({ ctx: verbContext(deps, request), input: request.params });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/kb/gaps',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Questions Ask AI could not answer, most asked first',
        response: { 200: KbGapList },
      },
    },
    (request) => listKnowledgeGaps({ ctx: verbContext(deps, request) }),
  );

  app.delete(
    '/api/kb/gaps/:gapId',
    {
      config: staffRoute,
      schema: { tags, summary: 'Dismisses a gap', params: z.object({ gapId: z.string().uuid() }) },
    },
    async (request, reply) => {
      await deleteKbGap({ ctx: verbContext(deps, request), input: request.params });
      return reply.status(204).send();
    },
  );
};
