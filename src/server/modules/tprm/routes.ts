import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { limits } from '../../../shared/limits';
import { Slug } from '../../../shared/portal';
import {
  IssuedToken,
  IssueTokenInput,
  Partner,
  PartnerInput,
  PartnerList,
  TprmJwtResult,
  TrustExport,
  tprmMessages,
} from '../../../shared/tprm';
import { type AppDeps, verbContext } from '../../context';
import { signedInMember, tprmBearer } from '../../net/api-security';
import { staffRoutes } from '../../net/staff-routes';
import { requireMemberViewer } from '../access';
import { issueTprmToken, listMemberPartners, viewTprmToken } from './member-tokens';
import { createPartner, deletePartner, listPartners, updatePartner } from './partners';
import { getPublicTrustDocument } from './public-trust-document';
import { redeemTprmToken } from './redeem-tprm-token';

const shareParams = z.object({ org: Slug });
const partnerParams = z.object({ id: z.string().uuid() });
const tags = ['tprm'];
const oneMinuteMs = 60_000;

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  if (!match || match[1]!.length > limits.queryValueMaxLength) {
    throw new AppError('unauthenticated', tprmMessages.tokenMissing);
  }
  return match[1]!;
}

/** Shared documents: anyone may read them from any origin, and caches may keep them for a minute. */
function sendTrustDocument(reply: FastifyReply, document: TrustExport) {
  return reply
    .header('access-control-allow-origin', '*')
    .header('cache-control', 'public, max-age=60')
    .type('application/json; charset=utf-8')
    .send(document);
}

/**
 * Sending data to TPRM tools (spec 2 §2, §7): partners (staff), tokens shown once (members), the
 * token-authenticated export, and the public trust document at /.well-known/trust.json.
 */
export const tprmRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  const db = deps.database.db;

  staff.get('/api/tprm/partners', { summary: 'TPRM partners', response: { 200: PartnerList } }, async (ctx) =>
    listPartners({ ctx }),
  );

  staff.post(
    '/api/tprm/partners',
    { summary: 'Adds a TPRM partner', body: PartnerInput, response: { 201: Partner } },
    (ctx, request) => createPartner({ ctx, input: request.body }),
  );

  staff.put(
    '/api/tprm/partners/:id',
    {
      summary: 'Changes a TPRM partner',
      params: partnerParams,
      body: PartnerInput,
      response: { 200: Partner },
    },
    async (ctx, request) => updatePartner({ ctx, input: { ...request.body, ...request.params } }),
  );

  staff.delete(
    '/api/tprm/partners/:id',
    { summary: 'Deletes a TPRM partner and its tokens', params: partnerParams },
    async (ctx, request) => {
      await deletePartner({ ctx, input: request.params });
    },
  );

  app.get(
    '/api/statuspage/share/:org/tprm/partners',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: 'The partners a signed-in member may send data to',
        params: shareParams,
        response: { 200: PartnerList },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMemberPartners({ ctx: verbContext(deps, request) });
    },
  );

  app.post(
    '/api/statuspage/share/:org/tprm/tokens',
    {
      config: {
        viewer: 'portal',
        rateLimit: { max: 20, timeWindow: oneMinuteMs, keyGenerator: (request) => `tprm:${request.ip}` },
      },
      schema: {
        tags,
        summary: "Creates a TPRM token for the member's account and a partner (Next); shown once by …/jwt/",
        params: shareParams,
        body: IssueTokenInput,
        response: { 201: IssuedToken },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await issueTprmToken({ ctx: verbContext(deps, request), input: request.body })),
  );

  app.get(
    '/api/statuspage/share/:accountId/external/:partnerId/jwt/',
    {
      config: { usesUpOnGet: true },
      schema: {
        tags,
        security: signedInMember,
        summary:
          'Shows a TPRM token (a JWT valid 24 hours) once; a second view is refused. Needs the member session and its CSRF header. The partner redeems it at GET /api/tprm/export.',
        params: z.object({ accountId: z.string().uuid(), partnerId: z.string().uuid() }),
        querystring: z.object({ tokenId: z.string().uuid() }),
        response: { 200: TprmJwtResult },
      },
    },
    async (request, reply) => {
      const viewer = await requireMemberViewer(request, { db, config: deps.config });
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return viewTprmToken({
        ctx: { ...verbContext(deps), viewer },
        input: { ...request.params, tokenId: request.query.tokenId },
      });
    },
  );

  app.get(
    '/api/tprm/export',
    {
      config: {
        usesUpOnGet: true,
        rateLimit: {
          max: 30,
          timeWindow: oneMinuteMs,
          keyGenerator: (request) => `tprm-export:${request.ip}`,
        },
      },
      schema: {
        tags,
        security: tprmBearer,
        summary:
          'Redeems a TPRM token (Authorization: Bearer <token>) once for the account’s trust export, schema attest.trust-export 1.0',
        headers: z.object({
          authorization: z
            .string()
            .max(limits.queryValueMaxLength + 20)
            .optional(),
        }),
        response: { 200: TrustExport },
      },
    },
    async (request, reply) => {
      const document = await redeemTprmToken({
        ctx: verbContext(deps),
        input: { token: bearerToken(request) },
      });
      reply.header('cache-control', 'no-store');
      return document;
    },
  );

  const publicDocument = {
    config: { viewer: 'portal' as const },
    schema: {
      tags,
      summary: "The organisation's public trust document (attest.trust-export 1.0, public part only)",
      response: { 200: TrustExport },
    },
  };
  app.get('/.well-known/trust.json', publicDocument, async (request, reply) =>
    sendTrustDocument(reply, await getPublicTrustDocument({ ctx: verbContext(deps, request) })),
  );
  app.get(
    '/:org/.well-known/trust.json',
    { ...publicDocument, schema: { ...publicDocument.schema, params: shareParams } },
    async (request, reply) =>
      sendTrustDocument(reply, await getPublicTrustDocument({ ctx: verbContext(deps, request) })),
  );
};
