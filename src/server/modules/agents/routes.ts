import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessLimits } from '../../../shared/access';
import {
  AccessTokenList,
  AccessTokenView,
  AccountAccessTokenList,
  CreateAccessToken,
  CreatedAccessToken,
} from '../../../shared/access-tokens';
import { AppError } from '../../../shared/errors';
import { limits } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { Slug } from '../../../shared/portal';
import { type AppDeps, verbContext } from '../../context';
import { listOrganisationSlugs } from '../../core';
import { mediaAnswer, redirectAnswer } from '../../net/answers';
import { openToEveryone } from '../../net/api-security';
import { staffRoutes } from '../../net/staff-routes';
import { isOwnHost, resolveOrganisation } from '../../plugins/viewer';
import { sessionlessViewer } from '../../policy/viewer';
import {
  createAccessToken,
  listAccountAccessTokens,
  listMyAccessTokens,
  revokeAccountAccessToken,
  revokeMyAccessToken,
} from './access-tokens';
import { llmsTxt } from './llms-txt';
import type { AgentContext } from './mcp-server';

const oneMinuteMs = 60_000;
const oneHourMs = 60 * oneMinuteMs;
const mcpCallsPerMinute = 120;
const shareParams = z.object({ org: Slug });
const tags = ['agents'];

function userAgentOf(request: FastifyRequest): string | null {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value : null;
}

/** The MCP endpoint's web Request: the same method, headers and already-parsed body. */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), {
    method: request.method,
    headers,
    body: request.method === 'POST' ? JSON.stringify(request.body ?? null) : undefined,
  });
}

/** Agents' ways in (issue 36): the MCP server, llms.txt, and members' personal access tokens. */
export const agentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'access:review' });
  // The access request tool counts against the portal form's own limits (the same keys).
  // The address a request_access call names, for the per-address limit's key.
  const emailOf = new WeakMap<FastifyRequest, string>();
  const requestsPerAddress = app.createRateLimit({
    max: accessLimits.requestPerAddressPerHour,
    timeWindow: oneHourMs,
    keyGenerator: (request) => `request:${(request.params as { org?: string }).org}:${emailOf.get(request)}`,
  });
  const requestsPerIp = app.createRateLimit({
    max: accessLimits.requestPerIpPerMinute,
    timeWindow: oneMinuteMs,
    keyGenerator: (request) => `request:${request.ip}`,
  });

  app.post(
    '/:org/mcp',
    {
      config: {
        viewer: 'portal',
        agent: true,
        skipCsrf: true,
        rateLimit: { max: mcpCallsPerMinute, timeWindow: oneMinuteMs, keyGenerator: (r) => `mcp:${r.ip}` },
      },
      schema: {
        tags,
        summary:
          'The trust center as a Model Context Protocol server (Streamable HTTP, stateless, JSON answers): anonymous, or with a member access token as a bearer token',
        params: shareParams,
        body: z.unknown(),
        response: {
          200: mediaAnswer('The JSON-RPC answer', ['application/json'], { isText: true }),
          202: mediaAnswer('A notification, accepted', ['application/json'], { isText: true }),
        },
      },
    },
    async (request, reply) => {
      const tools: string[] = [];
      const ctx: AgentContext = {
        ...verbContext(deps, request),
        request: { ipAddress: request.ip, userAgent: userAgentOf(request) },
        noteTool: (name) => tools.push(name),
        allowAccessRequest: async (email) => {
          emailOf.set(request, email.trim().toLowerCase().slice(0, limits.emailMaxLength));
          for (const limit of [requestsPerIp, requestsPerAddress]) {
            const result = await limit(request);
            if (!result.isAllowed && result.isExceeded)
              throw new AppError('rate_limited', messages.rateLimited);
          }
        },
      };
      // The SDK costs hundreds of milliseconds to load: the first MCP call pays it, not every start.
      const { answerMcpRequest } = await import('./mcp-server');
      const answer = await answerMcpRequest(ctx, webRequestOf(request), request.body);
      if (request.accessToken) request.accessToken.subject = `MCP ${tools.join(', ') || 'session'}`;
      // The transport also answers 4xx of its own (a missing Accept, a malformed message).
      reply.status(answer.status as 200).header('cache-control', 'no-store');
      for (const [name, value] of answer.headers) {
        if (name !== 'content-length') reply.header(name, value);
      }
      return reply.send(Buffer.from(answer.body));
    },
  );

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/:org/mcp',
      // Answers only 405, as the MCP transport asks of a server without an event stream: not an operation.
      schema: { hide: true, params: shareParams },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', 'POST')
          .send({
            error: { code: 'method_not_allowed', message: 'This MCP server answers POST requests only' },
          }),
    });
  }

  // On a custom domain the organisation comes from the Host; on the server's own host, the one
  // organisation when there is one (organisations are not listed to strangers).
  app.get(
    '/llms.txt',
    {
      schema: {
        tags,
        summary:
          "The custom domain's trust center described for language models; on the server's own host, a redirect to its one organisation's",
        security: openToEveryone,
        response: {
          200: mediaAnswer('llms.txt (Markdown)', ['text/plain'], { isText: true }),
          302: redirectAnswer("The one organisation's llms.txt"),
        },
      },
    },
    async (request, reply) => {
      if (isOwnHost(deps.config, request.headers.host)) {
        const slugs = await listOrganisationSlugs(deps.database.db, 2);
        if (slugs.length === 1) return reply.redirect(`/${slugs[0]}/llms.txt`, 302);
        throw new AppError('organisation_not_found', messages.organisationNotFound);
      }
      const organisation = await resolveOrganisation(
        deps.database.db,
        deps.config,
        request,
        deps.providers.cache,
      );
      const viewer = sessionlessViewer(organisation);
      return reply.type('text/plain; charset=utf-8').send(await llmsTxt({ ...verbContext(deps), viewer }));
    },
  );

  app.get(
    '/:org/llms.txt',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: 'The trust center described for language models, as the caller may read it',
        params: shareParams,
        response: { 200: mediaAnswer('llms.txt (Markdown)', ['text/plain'], { isText: true }) },
      },
    },
    async (request, reply) =>
      reply.type('text/plain; charset=utf-8').send(await llmsTxt(verbContext(deps, request))),
  );

  app.get(
    '/api/statuspage/share/:org/access-tokens',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: "The signed-in member's personal access tokens (never their values)",
        params: shareParams,
        response: { 200: AccessTokenList },
      },
    },
    async (request) => listMyAccessTokens({ ctx: verbContext(deps, request) }),
  );

  app.post(
    '/api/statuspage/share/:org/access-tokens',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary:
          'Creates a read-only personal access token acting as the signed-in member; its value is in this answer only',
        params: shareParams,
        body: CreateAccessToken,
        response: { 201: CreatedAccessToken },
      },
    },
    async (request, reply) => {
      reply.status(201).header('cache-control', 'no-store');
      return createAccessToken({ ctx: verbContext(deps, request), input: request.body });
    },
  );

  app.delete(
    '/api/statuspage/share/:org/access-tokens/:tokenId',
    {
      config: { viewer: 'portal' },
      schema: {
        tags,
        summary: "Revokes one of the signed-in member's tokens at once",
        params: shareParams.extend({ tokenId: z.string().uuid() }),
        response: { 200: AccessTokenView },
      },
    },
    async (request) =>
      revokeMyAccessToken({ ctx: verbContext(deps, request), input: { id: request.params.tokenId } }),
  );

  staff.get(
    '/api/accounts/:id/access-tokens',
    {
      summary: "The personal access tokens of an account's members, with whose each is",
      params: z.object({ id: z.string().uuid() }),
      response: { 200: AccountAccessTokenList },
    },
    async (ctx, request) => listAccountAccessTokens({ ctx, input: { accountId: request.params.id } }),
  );

  staff.delete(
    '/api/accounts/:id/access-tokens/:tokenId',
    {
      summary: "Revokes a member's personal access token (statuspage:edit)",
      params: z.object({ id: z.string().uuid(), tokenId: z.string().uuid() }),
      response: { 200: AccessTokenView },
    },
    async (ctx, request) =>
      revokeAccountAccessToken({
        ctx,
        input: { accountId: request.params.id, tokenId: request.params.tokenId },
      }),
  );
};
