import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './context';
import { assetRoutes } from './modules/assets/routes';
import { cardRoutes } from './modules/cards/routes';
import { healthRoutes } from './modules/health/routes';
import { mailRoutes } from './modules/mail/routes';
import { htmlRoutes } from './modules/portal/html-routes';
import { portalRoutes } from './modules/portal/routes';
import { staffRoutes } from './modules/staff/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { errorHandlerPlugin } from './plugins/error-handler';
import { viewerPlugin } from './plugins/viewer';

const compressibleTypes =
  /^(?:text\/(?:html|css|javascript)|application\/(?:json|javascript|atom\+xml|feed\+json|xml)|image\/svg\+xml)(?:;|$)/;

/** Builds the application; never listens. Tests call it with a fresh database and use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger as FastifyBaseLogger } : { logger: false }),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Fastify accepts a hop count at run time; its types list only the other forms.
    trustProxy: deps.config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: deps.config.isProduction,
  });
  // Text answers (page HTML, view JSON, scripts, feeds) only: files are served byte-exact, so byte
  // ranges and ETags of documents keep meaning what they say.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: compressibleTypes,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  // Limits are declared per route (config.rateLimit); nothing is limited by default.
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Attest API', version: '0.1.0', description: 'Trust center and updates portal' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(viewerPlugin, {
    db: deps.database.db,
    config: deps.config,
    cache: deps.providers.cache,
  });

  await app.register(healthRoutes, deps);
  await app.register(portalRoutes, deps);
  await app.register(assetRoutes, deps);
  await app.register(htmlRoutes, deps);
  await app.register(mailRoutes, deps);
  await app.register(staffRoutes, deps);
  await app.register(cardRoutes, deps);
  await app.register(subscriptionRoutes, deps);

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  return app;
}
