import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance['log'],
  ZodTypeProvider
>;

/** A console route's schema: the module's tags are added; 200 or 201 names the answer, none is 204. */
export type StaffRouteSchema = Omit<FastifySchema, 'tags' | 'response'> & {
  summary: string;
  response?: { 200: z.ZodType } | { 201: z.ZodType };
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
    : never;

/** Gets the module's context and the request, typed by the schema; a 204 route returns nothing. */
type StaffHandler<Ctx, S extends StaffRouteSchema> = [Answer<S>] extends [never]
  ? (ctx: Ctx, request: StaffRequest<S>) => Promise<void>
  : (ctx: Ctx, request: StaffRequest<S>) => Answer<S> | Promise<Answer<S>>;

/** Per-route extras such as a rate limit; who may call stays the viewer plugin's `staff`. */
type StaffRouteOptions = { config?: Omit<FastifyContextConfig, 'viewer'> };

/**
 * Registers console routes: signed-in staff only (the viewer plugin checks the session and CSRF
 * before the handler), input validated by the zod schemas, errors mapped by the error handler. The
 * handler gets the module's context and the typed request; a 201 schema answers 201, none 204.
 */
export function staffRoutes<Ctx>(
  app: ZodApp,
  module: { tags: string[]; context: (request: FastifyRequest) => Ctx },
) {
  const register =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    <S extends StaffRouteSchema>(
      url: string,
      schema: S,
      handler: StaffHandler<Ctx, S>,
      options: StaffRouteOptions = {},
    ) => {
      const status = !schema.response ? 204 : '201' in schema.response ? 201 : 200;
      // Typed at the call site by S; here the schema is only passed on.
      const routeSchema: FastifySchema = { tags: module.tags, ...schema };
      app.route({
        method,
        url,
        config: { ...options.config, viewer: 'staff' },
        schema: routeSchema,
        handler: async (request, reply) => {
          const answer = await handler(module.context(request), request as unknown as StaffRequest<S>);
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
