import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './context';
import { accessRoutes } from './modules/access';
import { accountRoutes } from './modules/accounts';
import { agentRoutes } from './modules/agents';
import { analyticsRoutes } from './modules/analytics';
import { assetRoutes } from './modules/assets';
import { auditRoutes } from './modules/audit';
import { backupRoutes } from './modules/backup';
import { cardRoutes } from './modules/cards';
import { commentRoutes } from './modules/comments';
import { baseCspDirectives } from './modules/consent';
import { customDomainRoutes } from './modules/custom-domains';
import { documentRoutes } from './modules/documents';
import { healthRoutes, readinessReport } from './modules/health';
import { integrationRoutes } from './modules/integrations';
import { knowledgeBaseRoutes } from './modules/knowledge-base';
import { mailRoutes } from './modules/mail';
import { notificationRoutes } from './modules/notifications';
import { planFeatureRoutes } from './modules/plan-features';
import { htmlRoutes, portalRoutes } from './modules/portal';
import { productRoutes } from './modules/products';
import { questionnaireRoutes } from './modules/questionnaires';
import { searchRoutes } from './modules/search';
import { specialisedCardRoutes } from './modules/specialised-cards';
import { staffRoutes } from './modules/staff';
import { staffUserRoutes } from './modules/staff-users';
import { subprocessorNoticeRoutes } from './modules/subprocessor-notices';
import { subscriptionRoutes, subscriptionStaffRoutes } from './modules/subscriptions';
import { tprmRoutes } from './modules/tprm';
import { trustCenterExportRoutes } from './modules/trust-center-export';
import { updateRoutes } from './modules/updates';
import { webhookRoutes } from './modules/webhooks';
import { errorHandlerPlugin } from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { oneUseRoutesPlugin } from './plugins/one-use-routes';
import { openApiPlugin } from './plugins/openapi';
import { refuseNulPlugin } from './plugins/refuse-nul';
import { requestIdFor, requestIdPlugin } from './plugins/request-id';
import { requestLogPlugin } from './plugins/request-log';
import { securityHeadersPlugin } from './plugins/security-headers';
import { viewerPlugin } from './plugins/viewer';
import type { RateLimitCounters, RateLimitRedisHealth } from './providers/rate-limit-redis';

const compressibleTypes =
  /^(?:text\/(?:html|css|javascript)|application\/(?:json|javascript|atom\+xml|feed\+json|xml)|image\/svg\+xml)(?:;|$)/;

/** Builds the application; never listens. Tests call it with a fresh database and use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger as FastifyBaseLogger } : { logger: false }),
    genReqId: requestIdFor,
    requestIdHeader: false,
    // requestLogPlugin writes one line per answered request and can leave out routine ones.
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify accepts a hop count at run time; its types list only the other forms.
    trustProxy: deps.config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestIdPlugin);
  await app.register(requestLogPlugin, { includeRoutine: deps.config.logRoutineRequests });
  await app.register(errorHandlerPlugin);
  await app.register(refuseNulPlugin);
  await app.register(oneUseRoutesPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      useDefaults: false,
      // Portal pages widen it per response for the organisation's configured scripts (html-routes).
      directives: baseCspDirectives,
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
  // Limits are declared per route (config.rateLimit); nothing is limited by default. With REDIS_URL
  // every node counts in one place, so a client gets the same budget whichever node it reaches.
  let redisHealth: RateLimitRedisHealth | null = null;
  if (deps.config.redisUrl) {
    // ioredis loads only when REDIS_URL is set.
    const { createRateLimitRedis, untilRateLimitRedisReady, watchRateLimitRedis } = await import(
      './providers/rate-limit-redis'
    );
    const redis = createRateLimitRedis(deps.config.redisUrl);
    const health = watchRateLimitRedis(redis, app.log);
    redisHealth = health;
    app.addHook('onClose', () => health.close());
    await untilRateLimitRedisReady(redis, 2000);
  }
  await app.register(rateLimit, { global: false, ...(redisHealth ? { store: redisHealth.Store } : {}) });
  const rateLimitCounters = (): RateLimitCounters => redisHealth?.counters() ?? 'per_node';
  await app.register(openApiPlugin);
  await app.register(viewerPlugin, {
    db: deps.database.db,
    config: deps.config,
    cache: deps.providers.cache,
  });

  await app.register(metricsPlugin, { ...deps, rateLimitCounters });
  await app.register(healthRoutes, { ...deps, rateLimitCounters });
  // For the health listener (HEALTH_PORT): the same answer as /readyz, without a request in the metrics.
  app.decorate('readinessReport', () => readinessReport({ ...deps, rateLimitCounters }));
  await app.register(portalRoutes, deps);
  await app.register(assetRoutes, deps);
  await app.register(htmlRoutes, deps);
  await app.register(mailRoutes, deps);
  await app.register(staffRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(cardRoutes, deps);
  await app.register(subscriptionRoutes, deps);
  await app.register(searchRoutes, deps);
  await app.register(knowledgeBaseRoutes, deps);
  await app.register(subscriptionStaffRoutes, deps);
  await app.register(updateRoutes, deps);
  await app.register(webhookRoutes, deps);
  await app.register(subprocessorNoticeRoutes, deps);
  await app.register(documentRoutes, deps);
  await app.register(accessRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(specialisedCardRoutes, deps);
  await app.register(customDomainRoutes, deps);
  await app.register(planFeatureRoutes, deps);
  await app.register(integrationRoutes, deps);
  await app.register(commentRoutes, deps);
  await app.register(questionnaireRoutes, deps);
  await app.register(tprmRoutes, deps);
  await app.register(agentRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(auditRoutes, deps);
  await app.register(staffUserRoutes, deps);
  await app.register(productRoutes, deps);
  await app.register(trustCenterExportRoutes, deps);
  await app.register(backupRoutes, deps);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    readinessReport(): ReturnType<typeof readinessReport>;
  }
}
