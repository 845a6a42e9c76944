import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Slug } from '../../../shared/portal';
import {
  AnswerRequest,
  AnswerResponse,
  AskAiSetup,
  SearchRequest,
  SearchResponse,
  SearchSetup,
} from '../../../shared/search';
import { type AppDeps, verbContext } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { answerQuestion } from './answer-question';
import { getAskAiSetup } from './get-ask-ai-setup';
import { getSearchSetup } from './get-search-setup';
import { searchContent } from './search-content';
import { throwValidationMessage } from './validation-messages';

const oneMinuteMs = 60_000;
const shareParams = z.object({ org: Slug });
// The share parameters are read by the viewer plugin; they are declared so the schema allows them.
const shareQuery = z.object({
  permissionProfileId: z.string().uuid().optional(),
  accountId: z.string().uuid().optional(),
  preview: z.literal('public').optional(),
});
const tags = ['search'];
// Searching and asking change nothing a visitor owns and answer only to the same origin, so these
// POSTs need no CSRF header (a cross-site page cannot read the answer).
const searchesPerMinute = 120;
const answersPerMinute = 10;

/** Server search and Ask AI for the portal (spec 1 §4, §7). */
export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  const perIp = (name: string, max: number) => ({
    max,
    timeWindow: oneMinuteMs,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
  });

  app.get(
    '/api/statuspage/share/:org/search/setup',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: 'Which search engine this viewer uses and whether Ask AI is available',
        params: shareParams,
        querystring: shareQuery,
        response: { 200: SearchSetup },
      },
    },
    (request) => getSearchSetup({ ctx: verbContext(deps, request) }),
  );

  staff.get(
    '/api/staff/ask-ai',
    {
      summary: 'Who writes Ask AI answers on this server, and whether the plan includes Trust Center AI',
      response: { 200: AskAiSetup },
    },
    (ctx) => getAskAiSetup({ ctx }),
  );

  app.post(
    '/api/statuspage/share/:org/search',
    {
      config: {
        viewer: 'portal',
        skipCsrf: true,
        readsWithPost: true,
        rateLimit: perIp('search', searchesPerMinute),
      },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Full-text search over what the viewer may see: items, documents, updates, FAQ',
        params: shareParams,
        querystring: shareQuery,
        body: SearchRequest,
        response: { 200: SearchResponse },
      },
    },
    (request) => {
      throwValidationMessage(request);
      return searchContent({ ctx: verbContext(deps, request), input: request.body });
    },
  );

  app.post(
    '/api/statuspage/share/:org/search/answer',
    {
      config: {
        viewer: 'portal',
        skipCsrf: true,
        readsWithPost: true,
        rateLimit: perIp('answer', answersPerMinute),
      },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Ask AI: an answer written only from sources the viewer may see, with those sources',
        params: shareParams,
        querystring: shareQuery,
        body: AnswerRequest,
        response: { 200: AnswerResponse },
      },
    },
    (request) => {
      throwValidationMessage(request);
      return answerQuestion({ ctx: verbContext(deps, request), input: request.body });
    },
  );
};
