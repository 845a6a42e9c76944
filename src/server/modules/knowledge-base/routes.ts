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
import { contentDisposition } from '../../core';
import { mediaAnswer } from '../../net/answers';
import { openToEveryone } from '../../net/api-security';
import { staffRoutes } from '../../net/staff-routes';
import { throwValidationMessage } from '../search';
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
const entryParams = z.object({ entryId: z.string().uuid() });
const shareKeyQuery = KbSearchKeyQuery.extend({
  permissionProfileId: z.string().uuid().optional(),
  accountId: z.string().uuid().optional(),
  preview: z.literal('public').optional(),
});

/** Knowledge base: search keys, the key-only search, and the staff's entries, CSV and gaps. */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
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

  staff.get(
    '/api/kb/ais',
    {
      summary: 'A knowledge-base search key for staff (every access level; one or every product)',
      querystring: KbSearchKeyQuery,
      response: { 200: KbSearchKey },
    },
    (ctx, request) => {
      throwValidationMessage(request);
      return getSearchKey({ ctx, input: { productId: request.query.productId } });
    },
    { attachValidation: true },
  );

  const keyRoute = { skipCsrf: true, rateLimit: perIp('kb-query', 240) };
  app.post(
    '/api/kb/query',
    {
      config: keyRoute,
      attachValidation: true,
      schema: {
        tags,
        security: openToEveryone,
        summary: 'Knowledge-base search with a search key: query, filters, sort and pages',
        body: KbQuery,
        response: { 200: KbQueryResult },
      },
    },
    (request) => {
      throwValidationMessage(request);
      return queryKnowledgeBase({ ctx: verbContext(deps), input: request.body });
    },
  );

  app.post(
    '/api/kb/query/entry',
    {
      config: keyRoute,
      attachValidation: true,
      schema: {
        tags,
        security: openToEveryone,
        summary: 'One knowledge-base entry by objectID, when the search key reaches it',
        body: KbEntryLookup,
        response: { 200: KbHit },
      },
    },
    (request) => {
      throwValidationMessage(request);
      return findKnowledgeEntryByKey({ ctx: verbContext(deps), input: request.body });
    },
  );

  staff.get(
    '/api/kb/entries/export',
    {
      summary: 'Every entry as CSV (comma, quoted fields); ?bom=1 adds a byte-order mark for Excel',
      querystring: z.object({ bom: z.enum(['0', '1']).default('0') }),
      response: { 200: mediaAnswer('The CSV file (UTF-8)', ['text/csv'], { isText: true }) },
    },
    async (ctx, request, reply) => {
      const csv = await exportKbEntries({ ctx, input: { bom: request.query.bom === '1' } });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', 'knowledge-base.csv'))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  staff.post(
    '/api/kb/entries/import',
    {
      summary: 'Imports a CSV (text/csv body): all rows or none; each bad row is named in error.fields',
      body: z.string({ error: kbMessages.fileReadFailed }),
      response: { 200: KbImportResult },
    },
    (ctx, request) => importKbEntries({ ctx, input: { csv: request.body } }),
    { bodyLimit: kbLimits.importMaxBytes },
  );

  staff.post(
    '/api/kb/entries',
    { summary: 'Adds an entry', body: KbEntryInput, response: { 201: KbHit } },
    (ctx, request) => createKbEntry({ ctx, input: request.body }),
  );

  staff.get(
    '/api/kb/entries/:entryId',
    { summary: 'One entry', params: entryParams, response: { 200: KbHit } },
    (ctx, request) => getKbEntry({ ctx, input: request.params }),
  );

  staff.patch(
    '/api/kb/entries/:entryId',
    {
      summary: 'Changes an entry',
      params: entryParams,
      body: KbEntryPatch,
      response: { 200: KbHit },
    },
    (ctx, request) =>
      updateKbEntry({
        ctx,
        input: { entryId: request.params.entryId, patch: request.body },
      }),
  );

  staff.delete(
    '/api/kb/entries/:entryId',
    { summary: 'Deletes an entry', params: entryParams },
    async (ctx, request) => {
      await deleteKbEntry({ ctx, input: request.params });
    },
  );

  staff.get(
    '/api/kb/gaps',
    {
      summary: 'Questions Ask AI could not answer, most asked first',
      response: { 200: KbGapList },
    },
    (ctx) => listKnowledgeGaps({ ctx }),
  );

  staff.delete(
    '/api/kb/gaps/:gapId',
    { summary: 'Dismisses a gap', params: z.object({ gapId: z.string().uuid() }) },
    async (ctx, request) => {
      await deleteKbGap({ ctx, input: request.params });
    },
  );
};
