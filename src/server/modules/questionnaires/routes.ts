import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Slug } from '../../../shared/portal';
import {
  QuestionnaireLinkInput,
  QuestionnaireStatusInput,
  QuestionnaireSubmission,
  QuestionnaireSubmissionList,
  QuestionnaireSubmitted,
  QuestionnaireUploadQuery,
  questionnaireLimits,
} from '../../../shared/questionnaires';
import { type AppDeps, verbContext } from '../../context';
import { contentDisposition } from '../../core';
import { mediaAnswer } from '../../net/answers';
import { staffRoutes } from '../../net/staff-routes';
import {
  listQuestionnaireSubmissions,
  openQuestionnaireFile,
  setQuestionnaireStatus,
} from './staff-questionnaires';
import { submitQuestionnaireFile, submitQuestionnaireLink } from './submit-questionnaire';

const shareParams = z.object({ org: Slug });
const idParams = z.object({ id: z.string().uuid() });
const tags = ['questionnaires'];
const oneHourMs = 3_600_000;
const submissionRateLimit = {
  max: questionnaireLimits.submissionsPerHour,
  timeWindow: oneHourMs,
  keyGenerator: (request: FastifyRequest) => `questionnaires:${request.ip}`,
};

/** Members submit questionnaires (a file or a link); staff list, download and mark them done. */
export const questionnaireRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps });
  // The file arrives as the raw body (any content type) and is streamed, never buffered whole.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    uploads.post(
      '/api/statuspage/share/:org/questionnaires/file',
      {
        config: { viewer: 'portal', rateLimit: submissionRateLimit },
        schema: {
          tags,
          summary: `Submits a questionnaire file (raw body, up to ${questionnaireLimits.uploadMaxBytes / 1024 / 1024} MB; xlsx, docx, pdf or csv by its bytes)`,
          params: shareParams,
          querystring: QuestionnaireUploadQuery,
          response: { 201: QuestionnaireSubmitted },
        },
      },
      async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        const result = await submitQuestionnaireFile({
          ctx: verbContext(deps, request),
          input: {
            body: (request.body as Readable | undefined) ?? request.raw,
            name: request.query.name,
            declaredLength: Number.isFinite(declared) ? declared : undefined,
          },
        });
        return reply.status(201).send(result);
      },
    );
  });

  app.post(
    '/api/statuspage/share/:org/questionnaires/link',
    {
      config: { viewer: 'portal', rateLimit: submissionRateLimit },
      schema: {
        tags,
        summary: 'Submits a link to a questionnaire (https, public host; stored, never fetched)',
        params: shareParams,
        body: QuestionnaireLinkInput,
        response: { 201: QuestionnaireSubmitted },
      },
    },
    async (request, reply) => {
      const result = await submitQuestionnaireLink({ ctx: verbContext(deps, request), input: request.body });
      return reply.status(201).send(result);
    },
  );

  staff.get(
    '/api/questionnaires',
    { summary: 'Questionnaire submissions', response: { 200: QuestionnaireSubmissionList } },
    async (ctx) => listQuestionnaireSubmissions({ ctx }),
  );

  staff.patch(
    '/api/questionnaires/:id',
    {
      summary: 'Marks a submission done or open',
      params: idParams,
      body: QuestionnaireStatusInput,
      response: { 200: QuestionnaireSubmission },
    },
    async (ctx, request) => setQuestionnaireStatus({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.get(
    '/api/questionnaires/:id/file',
    {
      summary: 'Downloads a submitted questionnaire file',
      params: idParams,
      response: {
        200: mediaAnswer('The file, in the type it was submitted as', ['application/octet-stream']),
      },
    },
    async (ctx, request, reply) => {
      const file = await openQuestionnaireFile({ ctx, input: request.params });
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
