import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Slug } from '../../../shared/portal';
import {
  DraftDetail,
  DraftList,
  DraftPreview,
  DraftRowView,
  MemberQuestionnaireList,
  PastedQuestionnaire,
  PublishDraft,
  questionnaireImportLimits,
  RowUpdate,
  StartDrafting,
} from '../../../shared/questionnaire-drafts';
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
  cancelDrafting,
  createDraftFromSubmission,
  createDraftFromText,
  createDraftFromUpload,
  exportDraft,
  getDraft,
  getDraftPreview,
  listDrafts,
  saveRowToKnowledgeBase,
  startDrafting,
  updateRow,
} from './drafts';
import { listMemberQuestionnaires, openAnsweredQuestionnaire, publishDraft } from './publish-draft';
import {
  listQuestionnaireSubmissions,
  openQuestionnaireFile,
  setQuestionnaireStatus,
} from './staff-questionnaires';
import { submitQuestionnaireFile, submitQuestionnaireLink } from './submit-questionnaire';

const shareParams = z.object({ org: Slug });
const idParams = z.object({ id: z.string().uuid() });
const rowParams = z.object({ id: z.string().uuid(), rowId: z.string().uuid() });
const uploadQuery = z.object({ name: z.string().trim().min(1).max(255).default('questionnaire.xlsx') });
const exportQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
const tags = ['questionnaires'];
const oneHourMs = 3_600_000;
const submissionRateLimit = {
  max: questionnaireLimits.submissionsPerHour,
  timeWindow: oneHourMs,
  keyGenerator: (request: FastifyRequest) => `questionnaires:${request.ip}`,
};

/** Members submit questionnaires (a file or a link); staff list, download and mark them done. */
export const questionnaireRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
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

  // Drafting answers from evidence (issue 32): the questionnaire arrives as the raw body, read as bytes.
  await app.register(async (plugin) => {
    const uploads = plugin.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: questionnaireImportLimits.fileMaxBytes },
      (_request, body, done) => done(null, body),
    );
    staffRoutes(uploads, { tags, deps, writes: 'statuspage:edit' }).post(
      '/api/questionnaire-drafts',
      {
        summary: `Starts a draft from a questionnaire (raw .xlsx or .csv body, up to ${questionnaireImportLimits.fileMaxBytes / 1024 / 1024} MB): its sheets and the columns found`,
        querystring: uploadQuery,
        response: { 201: DraftPreview },
      },
      async (ctx, request) =>
        createDraftFromUpload(ctx, {
          name: request.query.name,
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        }),
      { bodyLimit: questionnaireImportLimits.fileMaxBytes },
    );
  });

  staff.post(
    '/api/questionnaire-drafts/pasted',
    {
      summary: 'Starts a draft from pasted questions',
      body: PastedQuestionnaire,
      response: { 201: DraftPreview },
    },
    async (ctx, request) => createDraftFromText(ctx, request.body),
  );

  staff.post(
    '/api/questionnaires/:id/draft',
    {
      summary: "Opens a member's submitted questionnaire file into drafting",
      params: idParams,
      response: { 201: DraftPreview },
    },
    async (ctx, request) => createDraftFromSubmission(ctx, { submissionId: request.params.id }),
  );

  staff.get(
    '/api/questionnaire-drafts',
    { summary: 'Questionnaire drafts, newest first', response: { 200: DraftList } },
    async (ctx) => listDrafts(ctx),
  );

  staff.get(
    '/api/questionnaire-drafts/:id',
    { summary: 'A questionnaire draft with its rows', params: idParams, response: { 200: DraftDetail } },
    async (ctx, request) => getDraft(ctx, request.params),
  );

  staff.get(
    '/api/questionnaire-drafts/:id/preview',
    {
      summary: "A draft's sheets and the columns found, for the column picker",
      params: idParams,
      response: { 200: DraftPreview },
    },
    async (ctx, request) => getDraftPreview(ctx, request.params),
  );

  staff.post(
    '/api/questionnaire-drafts/:id/start',
    {
      summary: 'Drafts every question under the chosen columns, as the chosen viewer (a background job)',
      params: idParams,
      body: StartDrafting,
      response: { 202: DraftDetail },
    },
    async (ctx, request) => startDrafting(ctx, { ...request.params, ...request.body }),
  );

  staff.post(
    '/api/questionnaire-drafts/:id/cancel',
    { summary: 'Stops drafting; rows drafted so far stay', params: idParams, response: { 200: DraftDetail } },
    async (ctx, request) => cancelDrafting(ctx, request.params),
  );

  staff.patch(
    '/api/questionnaire-drafts/:id/rows/:rowId',
    {
      summary: 'Reviews one question: accept, answer, reopen, assign, comment',
      params: rowParams,
      body: RowUpdate,
      response: { 200: DraftRowView },
    },
    async (ctx, request) => updateRow(ctx, { ...request.params, update: request.body }),
  );

  staff.post(
    '/api/questionnaire-drafts/:id/rows/:rowId/knowledge-base',
    {
      summary: 'Saves an accepted or written answer as a knowledge-base entry',
      params: rowParams,
      response: { 201: DraftRowView },
    },
    async (ctx, request) => saveRowToKnowledgeBase(ctx, request.params),
  );

  staff.get(
    '/api/questionnaire-drafts/:id/export',
    {
      summary: 'The answered questionnaire in its original layout (xlsx) or as CSV',
      params: idParams,
      querystring: exportQuery,
      response: {
        200: mediaAnswer('The answered questionnaire', [
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'text/csv',
        ]),
      },
    },
    async (ctx, request, reply) => {
      const file = await exportDraft(ctx, { ...request.params, format: request.query.format });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  staff.post(
    '/api/questionnaire-drafts/:id/publish',
    {
      summary:
        'Sends the answered questionnaire to the member who submitted it; 409 names the answers resting on content they may not read until confirmUnreadable',
      params: idParams,
      body: PublishDraft,
      response: { 200: DraftDetail },
    },
    async (ctx, request) =>
      publishDraft(ctx, { ...request.params, confirmUnreadable: request.body.confirmUnreadable ?? false }),
    { needs: 'access:review' },
  );

  app.get(
    '/api/statuspage/share/:org/questionnaires',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: "The signed-in member's account's questionnaires and their status",
        params: shareParams,
        response: { 200: MemberQuestionnaireList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMemberQuestionnaires({ ctx: verbContext(deps, request) });
    },
  );

  app.get(
    '/api/statuspage/share/:org/questionnaires/:id/answered',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: "Downloads the answers staff sent back for one of the account's questionnaires",
        params: shareParams.extend({ id: z.string().uuid() }),
        response: { 200: mediaAnswer('The answered questionnaire', ['application/octet-stream']) },
      },
    },
    async (request, reply) => {
      const file = await openAnsweredQuestionnaire(verbContext(deps, request), { id: request.params.id });
      return reply
        .header(
          'content-type',
          /\.csv$/i.test(file.name)
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
