import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffPermission } from '../../shared/permissions';
import { type AppDeps, type Context, verbContext } from '../context';

/** A 204's schema: nothing is sent (Fastify serialises no body), and the API description says so. */
export const noContent = z.undefined().describe('Done; no content');

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance['log'],
  ZodTypeProvider
>;

/** A console route's schema: the module's tags are added; 200, 201 or 202 names the answer; none (or 204) is 204. */
export type StaffRouteSchema = Omit<FastifySchema, 'tags' | 'response'> & {
  summary: string;
  response?: { 200: z.ZodType } | { 201: z.ZodType } | { 202: z.ZodType } | { 204: z.ZodType };
};

export type StaffRequest<S extends StaffRouteSchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

type Answer<S extends StaffRouteSchema> = S['response'] extends { 200: infer T extends z.ZodType }
  ? z.input<T>
  : S['response'] extends { 201: infer T extends z.ZodType }
    ? z.input<T>
    : S['response'] extends { 202: infer T extends z.ZodType }
      ? z.input<T>
      : never;

/**
 * Gets the verb context and the request, typed by the schema; a 204 route returns nothing. A route
 * that answers with a file or a stream sends it on `reply` and returns `reply`.
 */
type StaffHandler<Ctx, S extends StaffRouteSchema> = [Answer<S>] extends [never]
  ? (ctx: Ctx, request: StaffRequest<S>, reply: FastifyReply) => Promise<void> | Promise<FastifyReply>
  : (
      ctx: Ctx,
      request: StaffRequest<S>,
      reply: FastifyReply,
    ) => Answer<S> | FastifyReply | Promise<Answer<S> | FastifyReply>;

/** Per-route extras such as a rate limit or a body limit; who may call stays the viewer plugin's `staff`. */
type StaffRouteOptions = {
  /** The permission this route needs when it is not the module's (`reads` for GET, `writes` otherwise). */
  needs?: StaffPermission;
  config?: Omit<FastifyContextConfig, 'viewer' | 'staffPermission'>;
  bodyLimit?: number;
  /** The handler reads request.validationError to answer with the module's own message. */
  attachValidation?: boolean;
};

/**
 * The one way to register console routes (decision 295): signed-in staff only (the viewer plugin
 * checks the session and CSRF before the handler), input validated by the zod schemas, errors mapped
 * by the error handler. The handler gets `verbContext(deps, request)` (plus the module's `extra`, if
 * any) and the typed request; a 201 or 202 schema answers so, none 204. Every route needs one
 * permission, checked against the staff member's role before anything else (decision 375): GETs the
 * module's `reads` (console:read unless said), the rest its `writes`, unless the route says `needs`.
 */
export function staffRoutes<Extra extends object = Record<never, never>>(
  app: ZodApp,
  module: {
    tags: string[];
    deps: AppDeps;
    writes: StaffPermission;
    reads?: StaffPermission;
    extra?: (request: FastifyRequest) => Extra;
  },
) {
  type Ctx = Context & Extra;
  const context = (request: FastifyRequest): Ctx =>
    ({ ...verbContext(module.deps, request), ...module.extra?.(request) }) as Ctx;
  const register =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    <S extends StaffRouteSchema>(
      url: string,
      schema: S,
      handler: StaffHandler<Ctx, S>,
      options: StaffRouteOptions = {},
    ) => {
      const answers = schema.response ?? { 204: null };
      const status = '204' in answers ? 204 : '201' in answers ? 201 : '202' in answers ? 202 : 200;
      // Typed at the call site by S; here the schema is only passed on.
      const routeSchema: FastifySchema = { tags: module.tags, response: { 204: noContent }, ...schema };
      app.route({
        method,
        url,
        config: {
          ...options.config,
          viewer: 'staff',
          staffPermission:
            options.needs ?? (method === 'GET' ? (module.reads ?? 'console:read') : module.writes),
        },
        ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
        ...(options.attachValidation ? { attachValidation: true } : {}),
        schema: routeSchema,
        handler: async (request, reply) => {
          const answer = await handler(context(request), request as unknown as StaffRequest<S>, reply);
          if (answer === reply) return reply;
          return status === 204 ? reply.status(204).send() : reply.status(status).send(answer);
        },
      });
    };
  return {
    get: register('GET'),
    post: register('POST'),
    put: register('PUT'),
    patch: register('PATCH'),
    delete: register('DELETE'),
  };
}
