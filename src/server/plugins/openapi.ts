import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as access from '../../shared/access';
import * as accessQueue from '../../shared/access-queue';
import * as analytics from '../../shared/analytics';
import * as cards from '../../shared/cards';
import * as comments from '../../shared/comments';
import * as consent from '../../shared/consent';
import * as consoleAdmin from '../../shared/console-admin';
import * as documents from '../../shared/documents';
import { ApiError } from '../../shared/errors';
import * as integrations from '../../shared/integrations';
import * as itemLinks from '../../shared/item-links';
import * as knowledgeBase from '../../shared/knowledge-base';
import * as notifications from '../../shared/notifications';
import { roleHas, type StaffPermission, StaffRole } from '../../shared/permissions';
import * as portal from '../../shared/portal';
import * as questionnaires from '../../shared/questionnaires';
import * as search from '../../shared/search';
import * as sessions from '../../shared/sessions';
import * as specialisedCards from '../../shared/specialised-cards';
import * as staff from '../../shared/staff';
import * as subscriptions from '../../shared/subscriptions';
import * as tprm from '../../shared/tprm';
import * as trustCenterExport from '../../shared/trust-center-export';
import * as updates from '../../shared/updates';
import { mediaAnswerOf } from '../net/answers';
import type { SecurityRequirement } from '../net/api-security';

/** Where the JSON document and its reading page are served. */
export const openApiDocumentPath = '/api/docs';
export const apiReferencePath = '/api/reference';

/**
 * The shared modules' exported schemas, named by their export, become the document's component
 * schemas: a route that answers a `LibraryFile` refers to it instead of repeating it inline.
 */
const sharedSchemaModules = [
  access,
  accessQueue,
  analytics,
  cards,
  comments,
  consent,
  consoleAdmin,
  documents,
  integrations,
  itemLinks,
  knowledgeBase,
  notifications,
  portal,
  questionnaires,
  search,
  sessions,
  specialisedCards,
  staff,
  subscriptions,
  tprm,
  trustCenterExport,
  updates,
];

export function buildSchemaRegistry() {
  const registry = z.registry<{ id: string }>();
  const named = new Set<string>();
  registry.add(ApiError, { id: 'ApiError' });
  named.add('ApiError');
  const exported = sharedSchemaModules.flatMap((module) =>
    Object.entries(module).filter(
      (entry): entry is [string, z.ZodType] => /^[A-Z]/.test(entry[0]) && entry[1] instanceof z.ZodType,
    ),
  );
  const exportedNames = new Set(exported.map(([name]) => name));
  for (const [name, schema] of exported) {
    // One schema under two names keeps the first; a name used twice is left inline. `XInput` is
    // the name the document gives X as a request body, so an export of that name stays inline.
    if (registry.has(schema) || named.has(name)) continue;
    if (name.endsWith('Input') && exportedNames.has(name.slice(0, -'Input'.length))) continue;
    registry.add(schema, { id: name });
    named.add(name);
  }
  return registry;
}

/** How callers prove who they are; routes name these in `security` (one per name in SecurityRequirement). */
export const securitySchemes = {
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'attest_staff_session',
    description:
      'A staff session (POST /api/auth/sign-in). In production the cookie is named __Host-attest_staff_session.',
  },
  memberSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'attest_session',
    description:
      'A portal member session (signed in by a mail link or SSO). In production the cookie is named __Host-attest_session.',
  },
  memberAccessToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A member's personal access token (attest_pat_…), made in the portal's account menu: read-only, acting with that member's access. Accepted by the portal's reads, its search and Ask AI, and the MCP server.",
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-csrf-token',
    description:
      "The session's CSRF token, required with a session cookie on every POST, PUT, PATCH and DELETE.",
  },
  tprmToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A third-party-risk platform's token, issued by staff in the console (Integrations).",
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The METRICS_TOKEN the server was started with.',
  },
  backupToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The token the server writes to DATA_DIR/control.json while it runs; accepted only from the same machine.',
  },
} as const satisfies Record<keyof SecurityRequirement, unknown>;

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The security of a route from how it is guarded: the viewer plugin's modes, or the route's own word. */
export function routeSecurity(
  method: string,
  schema: FastifySchema,
  config: { viewer?: 'staff' | 'portal'; agent?: boolean; readsWithPost?: boolean },
): readonly SecurityRequirement[] | undefined {
  if (schema.security) return schema.security as readonly SecurityRequirement[];
  const { viewer, agent, readsWithPost } = config;
  const safe = safeMethods.has(method);
  if (viewer === 'staff') return [safe ? { staffSession: [] } : { staffSession: [], csrfToken: [] }];
  // An agent route reads no cookie: the public, or a member's access token.
  if (viewer === 'portal' && agent) return [{}, { memberAccessToken: [] }];
  // A portal route answers everyone; a session (a member's, or staff previewing) changes what it shows.
  if (viewer === 'portal') {
    return safe || readsWithPost
      ? [{}, { memberSession: [] }, { staffSession: [] }, { memberAccessToken: [] }]
      : [{}, { memberSession: [], csrfToken: [] }, { staffSession: [], csrfToken: [] }];
  }
  return undefined;
}

function rolesWith(permission: StaffPermission): string {
  return StaffRole.options.filter((role) => roleHas(role, permission)).join(', ');
}

/** `DELETE /api/kb/entries/:entryId` → `deleteKbEntriesByEntryId`: stable, unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .filter((part, index) => !(index === 0 && part === 'api'))
    .flatMap((part) =>
      part.startsWith(':') ? ['by', ...part.slice(1).split(/[^A-Za-z0-9]+/)] : part.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  const camel = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

const statusDescriptions: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the work continues in the background',
  '204': 'Done; no content',
  '206': 'Part of the file (a byte range)',
  '302': 'Redirect',
  '303': 'See other',
  '400': 'The input is not valid: `message` names the field and `fields` each problem',
  '401': 'Not signed in, or the token is not valid',
  '403': 'Not allowed for this caller, or the CSRF header is missing or wrong',
  '404': 'Nothing is found at this address',
  '409': 'In conflict with the current state',
  '413': 'The request body is too large',
  '429': 'Too many requests: wait and try again',
  '5XX': 'The server failed or is unavailable; `requestId` matches its log',
};

type JsonSchema = Record<string, unknown>;
const apiError: JsonSchema = { $ref: '#/components/schemas/ApiError' };

/** The errors an operation can answer, by what the route declares (input, guard, limits, path). */
function errorResponses(
  route: RouteOptions,
  schema: FastifySchema,
  security: readonly SecurityRequirement[],
) {
  const responses: Record<string, JsonSchema> = {};
  if (schema.body || schema.querystring || schema.params || schema.headers) responses['400'] = apiError;
  const needsCredentials =
    security.length > 0 && !security.some((requirement) => Object.keys(requirement).length === 0);
  if (needsCredentials) responses['401'] = apiError;
  if (needsCredentials || security.some((requirement) => 'csrfToken' in requirement)) {
    responses['403'] = apiError;
  }
  if (route.url.includes(':')) responses['404'] = apiError;
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) responses['429'] = apiError;
  responses['5XX'] = apiError;
  return responses;
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
  components?: { schemas?: Record<string, unknown> };
};

/** The names of the component schemas a part of the document refers to. */
function referencedSchemas(part: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(part)) for (const item of part) referencedSchemas(item, found);
  else if (part && typeof part === 'object') {
    for (const [key, value] of Object.entries(part)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        found.add(value.slice('#/components/schemas/'.length));
      } else referencedSchemas(value, found);
    }
  }
  return found;
}

/**
 * Says what every answer is (@fastify/swagger names an answer without a description "Default
 * Response") and keeps only the component schemas some operation uses, directly or through another.
 */
function finishDocument<T>(document: T): T {
  const openApi = document as OpenApiDocument;
  for (const operations of Object.values(openApi.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === 'Default Response')
          answer.description = statusDescriptions[status] ?? 'Answer';
      }
    }
  }
  const schemas = openApi.components?.schemas;
  if (schemas) {
    const used = referencedSchemas(openApi.paths, new Set());
    for (let pending = [...used]; pending.length > 0; ) {
      const next = referencedSchemas(
        pending.map((name) => schemas[name]),
        new Set(),
      );
      pending = [...next].filter((name) => !used.has(name));
      for (const name of pending) used.add(name);
    }
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  }
  return document;
}

/**
 * Completes each operation after the zod schemas are turned into JSON schemas: an operationId,
 * the security its guard implies, a description for every answer and the errors it can give.
 */
export function createOperationTransform(registry: ReturnType<typeof buildSchemaRegistry>) {
  const withNames = createJsonSchemaTransform({ schemaRegistry: registry, skipList: [] });
  // Parameters are listed one by one in OpenAPI, so they are never a reference to a named schema.
  const inline = createJsonSchemaTransform({ schemaRegistry: z.registry<{ id: string }>(), skipList: [] });
  const zodTransform: typeof withNames = (input) => {
    if (!input.schema) return withNames(input);
    const { querystring, params, headers, response, ...rest } = input.schema as FastifySchema;
    // Files, pages and feeds are described by media type, not converted as JSON.
    const jsonAnswers: Record<string, unknown> = {};
    const mediaAnswers: Record<string, JsonSchema> = {};
    for (const [status, answer] of Object.entries((response ?? {}) as Record<string, unknown>)) {
      const media = mediaAnswerOf(answer);
      if (!media) {
        jsonAnswers[status] = answer;
        continue;
      }
      const body = media.isText ? { type: 'string' } : { type: 'string', format: 'binary' };
      mediaAnswers[status] = {
        description: (answer as z.ZodType).description ?? statusDescriptions[status],
        content: Object.fromEntries(media.mediaTypes.map((type) => [type, { schema: body }])),
      };
    }
    const named = withNames({
      ...input,
      schema: { ...rest, ...(response ? { response: jsonAnswers } : {}) },
    });
    const parameters = inline({ ...input, schema: { querystring, params, headers } });
    const answers = { ...(named.schema as { response?: object }).response, ...mediaAnswers };
    return {
      url: named.url,
      schema: { ...parameters.schema, ...named.schema, ...(response ? { response: answers } : {}) },
    };
  };
  const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
    const result = zodTransform(input);
    const route = input.route as RouteOptions;
    const schema = (result.schema ?? {}) as FastifySchema & {
      hide?: boolean;
      operationId?: string;
      response?: Record<string, JsonSchema>;
    };
    if (schema.hide) return result;
    const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
    const config = (route.config ?? {}) as {
      viewer?: 'staff' | 'portal';
      agent?: boolean;
      readsWithPost?: boolean;
      staffPermission?: StaffPermission;
    };
    const permission = config.viewer === 'staff' ? config.staffPermission : undefined;
    // A route that declares nothing gets no `security`: the OpenAPI test names it.
    const security = routeSecurity(method, route.schema ?? {}, config);
    return {
      url: result.url,
      schema: {
        ...schema,
        operationId: schema.operationId ?? operationIdOf(method, route.url),
        ...(security ? { security } : {}),
        // The one permission a console route needs, and the roles that hold it (decision 375).
        ...(permission
          ? {
              'x-staff-permission': permission,
              description: [schema.description, `Needs ${permission}: ${rolesWith(permission)}.`]
                .filter(Boolean)
                .join('\n\n'),
            }
          : {}),
        // What the route declares (an HTML page for a refused link, say) comes before the JSON error.
        response: { ...errorResponses(route, schema, security ?? []), ...schema.response },
      },
    };
  };
  return transform;
}

// Swagger UI's method badges, version stamps, link and Authorize text fail WCAG AA contrast (2.0-3.8:1);
// the same hues, darker, reach 4.5:1 with white or on white.
const readableColours = `
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #17794a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a5200; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #166e62; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-head .opblock-summary-method,
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #5b3f99; }
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1d4ed8; }
.swagger-ui .btn.authorize { color: #17794a; border-color: #17794a; }
.swagger-ui .btn.authorize svg { fill: #17794a; }
`;

/**
 * The API's OpenAPI 3.0.3 document at /api/docs and a page to read it at /api/reference (Swagger UI,
 * whose script loads only there). Registered before the routes, so it sees every one of them.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  const registry = buildSchemaRegistry();
  const schemaObjects = createJsonSchemaTransformObject({
    schemaRegistry: registry,
    // Route schemas are written for OpenAPI 3.0 already; the named ones default to JSON Schema 2020-12.
    zodToJsonConfig: { target: 'openapi-3.0' },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Attest API',
        version: '0.1.0',
        description:
          'Trust center and updates portal. Every error answers `{"error": {"code", "message", "fields"?}}`; ' +
          "signed-in calls carry the session cookie and, on POST, PUT, PATCH and DELETE, the session's CSRF token " +
          'in `x-csrf-token` (staff: GET /api/auth/session returns it; members: the data of the portal page).',
      },
      components: { securitySchemes },
    },
    transform: createOperationTransform(registry),
    transformObject: (input) => finishDocument(schemaObjects(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: apiReferencePath,
    // The page reads its own copy of the document (/api/reference/json), the same as /api/docs.
    // BaseLayout leaves out Swagger UI's top bar (its logo and a box to load another document).
    uiConfig: { layout: 'BaseLayout', deepLinking: true, defaultModelsExpandDepth: 0, docExpansion: 'none' },
    theme: { title: 'Attest API reference', css: [{ filename: 'attest.css', content: readableColours }] },
  });
  app.get(openApiDocumentPath, { schema: { hide: true } }, async () => app.swagger());
});
