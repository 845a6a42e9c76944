import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirectoryInUseError, openDatabase } from './db/client';
import { organisations } from './db/schema';
import { registerJobHandlers } from './jobs';
import { createLogger } from './logger';
import { ensureCatalogueItems } from './modules/cards';
import { type HealthListener, startHealthListener } from './modules/health';
import { createProviders } from './providers/create-providers';
import type { FileStorage } from './providers/storage';
import { demoAdminEmail, demoSlug, generateDemoPassword, seedDemoOrganisation } from './seed/demo';
import { startBannerLines } from './start-banner';
import { createStartTimeline } from './start-timeline';

// Created while the modules above have loaded: its first mark measures loading the code.
const startTimeline = createStartTimeline();

async function countOrganisations(db: import('./db/client').Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organisations);
  return Number(row?.count ?? 0);
}

// Any fixed 64-bit number; nodes starting together on one PostgreSQL seed the demo organisation once.
const seedLockKey = 7_340_172_002;

/** Seeds when the database has no organisation; the lock makes "check, then seed" one step across nodes. */
async function seedDemoIfEmpty(
  db: import('./db/client').Database,
  adminPassword: string,
  storage: FileStorage,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey}::bigint)`);
    if ((await countOrganisations(tx)) > 0) return false;
    await seedDemoOrganisation(tx, { adminPassword, storage });
    return true;
  });
}

async function main() {
  startTimeline.mark('modules');
  const config = loadConfig();
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  startTimeline.mark('database and migrations');
  const passwordFile = path.join(config.dataDir, 'demo-admin-password.txt');

  const providers = await createProviders(config, database, logger);
  startTimeline.mark('providers');
  const shouldSeed = config.seedDemo === 'always' || (config.seedDemo === 'auto' && !config.isProduction);
  const password = config.demoAdminPassword ?? generateDemoPassword();
  if (shouldSeed && (await seedDemoIfEmpty(database.db, password, providers.storage))) {
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    logger.info({ organisation: demoSlug }, 'seeded the demo organisation');
  }
  startTimeline.mark('demo check');

  // Products made before a catalogue entry existed (or by an older version) get it now; idempotent.
  await ensureCatalogueItems(database.db);
  startTimeline.mark('catalogue');
  const stopRecurringJobs = registerJobHandlers({ config, database, providers, logger });
  if (config.runJobs) providers.jobs.start();
  let isClosing = false;
  const lifecycle = { isShuttingDown: () => isClosing };
  const app = await buildApp({ config, database, providers, logger, lifecycle });
  startTimeline.mark('routes');

  /**
   * /readyz fails first; the node keeps serving for the drain time so balancers move away; then
   * the listener closes and requests and jobs get the grace. What is left is cut and logged: open
   * connections are destroyed (a stream ends in an error, not a short "success"), jobs are aborted
   * and released. A hard deadline beyond both exits whatever still hangs.
   */
  const shutdown = async (signal: string) => {
    if (isClosing) {
      logger.error({ signal }, 'second signal during shutdown: forced exit now');
      process.exit(1);
    }
    isClosing = true;
    // The health port's /readyz fails now too, not at its next once-a-second report.
    healthListener?.shuttingDown();
    const drainMs = config.shutdownDrainSeconds * 1000;
    const graceMs = config.shutdownGraceSeconds * 1000;
    logger.info(
      { signal, drainSeconds: config.shutdownDrainSeconds, graceSeconds: config.shutdownGraceSeconds },
      'shutting down: /readyz now fails',
    );
    const hardDeadline = setTimeout(
      () => {
        logger.error('shutdown did not finish within drain, grace and 5 s: forced exit');
        process.exit(1);
      },
      drainMs + graceMs + 5000,
    );
    hardDeadline.unref();
    stopRecurringJobs();
    const jobsStopped = providers.jobs.stop({ graceMs: drainMs + graceMs });
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    logger.info('closing the listener; waiting for in-flight requests');
    const graceOver = setTimeout(() => {
      logger.warn(
        { graceSeconds: config.shutdownGraceSeconds },
        'requests still running after the grace: their connections are closed (forced)',
      );
      app.server.closeAllConnections();
    }, graceMs);
    await app.close().catch((error) => logger.error({ err: error }, 'closing the server failed'));
    clearTimeout(graceOver);
    await jobsStopped;
    await providers.mail.close();
    await providers.cache.close();
    await healthListener?.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  let healthListener: HealthListener | null = null;
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.healthPort !== null) {
    healthListener = await startHealthListener({
      host: config.host,
      port: config.healthPort,
      checkReadiness: () => app.readinessReport(),
      logger,
    });
    logger.info({ healthPort: healthListener.port }, 'health checks also answered on their own port');
  }
  startTimeline.mark('listening');
  const startUp = startTimeline.summary();
  logger.info({ startUpMs: startUp.totalMs, phases: startUp.phases }, startUp.line);
  const demoPassword = await fs.readFile(passwordFile, 'utf8').catch(() => null);
  if (config.outboundAllowLoopback) {
    logger.warn('OUTBOUND_ALLOW_LOOPBACK is on: outbound requests may reach 127.0.0.1 on this machine');
  }
  const lines = startBannerLines(config, {
    slug: demoSlug,
    adminEmail: demoAdminEmail,
    password: demoPassword?.trim() ?? null,
  });
  process.stdout.write(`\n${lines.map((line) => `  ${line}`).join('\n')}\n\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryInUseError) {
    process.stderr.write(`attest: ${error.message}\n`);
  } else {
    process.stderr.write(
      `attest: start-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  process.exit(1);
});
