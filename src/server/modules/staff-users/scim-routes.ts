import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import SCIMMY from 'scimmy';
import { z } from 'zod';
import { limits } from '../../../shared/limits';
import { scimMessages } from '../../../shared/scim';
import type { AppDeps } from '../../context';
import { signInClientOf } from '../staff';
import { declareScimResources, type ScimCall, ScimError, scimError } from './scim';
import { organisationOfScimToken } from './scim-tokens';

const scimContentType = 'application/scim+json; charset=utf-8';
const oneMinuteMs = 60_000;
const idParams = z.object({ id: z.string().min(1).max(100) });
// SCIM has its own error format and discovery (/ServiceProviderConfig, /Schemas): not in /api/docs.
const scimSchema = { hide: true } as const;

declare module 'fastify' {
  interface FastifyRequest {
    scimCall?: ScimCall;
  }
}

/** Relative `meta.location`s (SCIMMY's basepath is per process) made absolute for this server. */
function withAbsoluteLocations(body: unknown, publicUrl: string): unknown {
  if (!body || typeof body !== 'object') return body;
  const json = JSON.parse(JSON.stringify(body)) as {
    meta?: { location?: string };
    Resources?: { meta?: { location?: string } }[];
  };
  for (const resource of [json, ...(json.Resources ?? [])]) {
    if (resource.meta?.location?.startsWith('/'))
      resource.meta.location = `${publicUrl}${resource.meta.location}`;
  }
  return json;
}

/**
 * Entra ID sends `active` as the strings "True" and "False" in PATCH (its documented quirk); SCIM's
 * boolean wants true and false.
 */
function withBooleanActive(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { Operations?: unknown }).Operations))
    return body;
  const asBoolean = (value: unknown) =>
    typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
  const operations = (body as { Operations: Record<string, unknown>[] }).Operations.map((operation) => {
    if (typeof operation?.path === 'string' && operation.path.toLowerCase() === 'active') {
      return { ...operation, value: asBoolean(operation.value) };
    }
    if (!operation?.path && operation?.value && typeof operation.value === 'object') {
      const value = Object.fromEntries(
        Object.entries(operation.value).map(([key, inner]) => [
          key,
          key.toLowerCase() === 'active' ? asBoolean(inner) : inner,
        ]),
      );
      return { ...operation, value };
    }
    return operation;
  });
  return { ...body, Operations: operations };
}

/** The query of a list (RFC 7644 §3.4.2) as SCIMMY reads it: numbers as numbers, at most 200 a page. */
function listParams(query: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const key of ['filter', 'attributes', 'excludedAttributes', 'sortBy', 'sortOrder'] as const) {
    if (typeof query[key] === 'string') params[key] = query[key];
  }
  for (const key of ['startIndex', 'count'] as const) {
    if (query[key] === undefined) continue;
    const value = Number(query[key]);
    if (!Number.isInteger(value)) throw scimError(400, `${key} must be a whole number.`, 'invalidValue');
    params[key] = key === 'count' ? Math.min(Math.max(value, 0), 200) : Math.max(value, 1);
  }
  return params;
}

/**
 * SCIM 2.0 provisioning at /scim/v2 (RFC 7643/7644) on SCIMMY: an identity provider creates, updates,
 * deactivates and deletes the organisation's staff with the organisation's bearer token.
 */
export const scimRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  declareScimResources();
  const { publicUrl } = deps.config;
  const db = deps.database.db;

  app.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string', bodyLimit: limits.scimBodyMaxBytes },
    app.getDefaultJsonParser('error', 'error'),
  );

  // The token is checked before the body is read: a caller without one learns nothing and costs little.
  app.addHook('onRequest', async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const organisationId = match ? await organisationOfScimToken(db, match[1]!) : null;
    if (!organisationId) {
      reply.header('www-authenticate', 'Bearer realm="scim"');
      return sendError(reply, scimError(401, match ? scimMessages.tokenInvalid : scimMessages.tokenMissing));
    }
    request.scimCall = { db, organisationId, client: signInClientOf(request) };
  });

  function sendError(reply: FastifyReply, error: InstanceType<typeof ScimError>) {
    // ErrorResponse is an Error: sent as it is, Fastify would treat it as a fault of ours.
    const { schemas, status, scimType, detail } = new SCIMMY.Messages.ErrorResponse(error);
    return reply
      .code(Number(status))
      .type(scimContentType)
      .header('cache-control', 'no-store')
      .send({ schemas, status, ...(scimType ? { scimType } : {}), ...(detail ? { detail } : {}) });
  }

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (call: ScimCall) => Promise<unknown>,
    status = 200,
  ) {
    const call = request.scimCall!;
    try {
      const body = withAbsoluteLocations(await work(call), publicUrl);
      const location = (body as { meta?: { location?: string } } | undefined)?.meta?.location;
      if (status === 201 && location) reply.header('location', location);
      reply.code(status).type(scimContentType).header('cache-control', 'no-store');
      return status === 204 ? reply.send() : reply.send(body);
    } catch (error) {
      if (call.fault) request.log.error({ err: call.fault }, 'SCIM request failed');
      if (error instanceof ScimError) return sendError(reply, error);
      // SCIMMY says what it could not read (a malformed filter, a value of the wrong type) with a TypeError.
      if (error instanceof TypeError) return sendError(reply, scimError(400, error.message, 'invalidValue'));
      throw error;
    }
  }

  const config = { rateLimit: { max: limits.scimRequestsPerMinute, timeWindow: oneMinuteMs } };
  const users = () => SCIMMY.Resources.User;
  type PatchMessage = Parameters<InstanceType<typeof SCIMMY.Resources.User>['patch']>[0];

  app.get('/scim/v2/ServiceProviderConfig', { config, schema: scimSchema }, (request, reply) =>
    answer(request, reply, () => new SCIMMY.Resources.ServiceProviderConfig().read()),
  );
  app.get('/scim/v2/ResourceTypes', { config, schema: scimSchema }, (request, reply) =>
    answer(request, reply, () => new SCIMMY.Resources.ResourceType().read()),
  );
  app.get(
    '/scim/v2/ResourceTypes/:id',
    { config, schema: { ...scimSchema, params: idParams } },
    (request, reply) =>
      answer(request, reply, () => new SCIMMY.Resources.ResourceType(request.params.id).read()),
  );
  app.get('/scim/v2/Schemas', { config, schema: scimSchema }, (request, reply) =>
    answer(request, reply, () => new SCIMMY.Resources.Schema().read()),
  );
  app.get('/scim/v2/Schemas/:id', { config, schema: { ...scimSchema, params: idParams } }, (request, reply) =>
    answer(request, reply, () => new SCIMMY.Resources.Schema(request.params.id).read()),
  );

  app.get('/scim/v2/Users', { config, schema: scimSchema }, (request, reply) =>
    answer(request, reply, (call) =>
      new (users())(listParams(request.query as Record<string, unknown>) as never).read(call),
    ),
  );
  app.post('/scim/v2/Users', { config, schema: scimSchema }, (request, reply) =>
    answer(request, reply, (call) => new (users())().write(request.body, call), 201),
  );
  app.get('/scim/v2/Users/:id', { config, schema: { ...scimSchema, params: idParams } }, (request, reply) =>
    answer(request, reply, (call) =>
      new (users())(request.params.id, listParams(request.query as Record<string, unknown>)).read(call),
    ),
  );
  app.put('/scim/v2/Users/:id', { config, schema: { ...scimSchema, params: idParams } }, (request, reply) =>
    answer(request, reply, (call) => new (users())(request.params.id).write(request.body, call)),
  );
  app.patch('/scim/v2/Users/:id', { config, schema: { ...scimSchema, params: idParams } }, (request, reply) =>
    answer(request, reply, async (call) => {
      const patched = await new (users())(request.params.id).patch(
        withBooleanActive(request.body) as PatchMessage,
        call,
      );
      // An operation that changed nothing is answered with the resource as it stands.
      return patched ?? new (users())(request.params.id).read(call);
    }),
  );
  app.delete(
    '/scim/v2/Users/:id',
    { config, schema: { ...scimSchema, params: idParams } },
    (request, reply) => answer(request, reply, (call) => new (users())(request.params.id).dispose(call), 204),
  );

  // Groups, Bulk, /Me and the rest are not offered: the provider is told so in SCIM's own format.
  app.all('/scim/v2/*', { config, schema: scimSchema }, (_request, reply) =>
    sendError(reply, scimError(404, scimMessages.notSupported)),
  );
};
