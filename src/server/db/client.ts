import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirectoryLock, LockHeldError } from './data-directory-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type NotificationHandler = (payload: string) => void;
/** Called when notifications may have been missed (the listening connection was lost and restored). */
export type ListenResetHandler = () => void;

/** The database plus what differs between PGlite and PostgreSQL: notifications, health, shutdown. */
export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  listen(
    channel: string,
    handler: NotificationHandler,
    onReset?: ListenResetHandler,
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  /** Connections of the PostgreSQL pool (PGlite has one session and no pool). */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /** PGlite only: runs fn while no transaction is open or can start (backups). */
  withWritesPaused?<T>(fn: (paused: PausedDatabase) => Promise<T>): Promise<T>;
};

/** The embedded database while writes wait: plain queries and a dump of its data directory. */
export type PausedDatabase = {
  query<Row>(statement: string): Promise<Row[]>;
  dumpDataDir(): Promise<Blob>;
};

export class DataDirectoryInUseError extends Error {}

// Connection-level failures (socket errors, SQLSTATE class 08, admin/crash shutdown, too many connections).
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const unreachableMessages = /Connection terminated|timeout exceeded when trying to connect|not queryable/i;

/** The database could not be reached (as opposed to a query that failed): drivers wrap it in `cause`. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unreachableCodes.has(code) || code.startsWith('08'))) return true;
    if (unreachableMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed 64-bit number; nodes starting together on one PostgreSQL migrate one at a time.
const migrationLockKey = 7_340_172_001;
// Search ranks misspellings by trigram similarity; migrations create trigram indexes, so it comes first.
const createExtensionsSql = 'CREATE EXTENSION IF NOT EXISTS pg_trgm';

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each statement synchronously on this thread, and its own queue hands over from one
 * statement to the next without letting the event loop run. Here statements take turns in one queue
 * with a macrotask between turns (and between a transaction's statements), so a request that needs no
 * database (health checks, cached pages, assets) waits for at most one statement, not for every queued one.
 */
export function takingTurns(client: PGlite): PGlite {
  let queueTail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = queueTail.then(nextMacrotask).then(run);
    queueTail = turn.catch(() => undefined);
    return turn;
  };
  const yieldingQueries = <Target extends Pick<PGlite, 'query'>>(target: Target): Target =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object);
        if (property === 'query') {
          return async (...args: Parameters<PGlite['query']>) => {
            await nextMacrotask();
            return object.query(...args);
          };
        }
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  return new Proxy(client, {
    get(object, property) {
      if (property === 'query') {
        return (...args: Parameters<PGlite['query']>) => inTurn(() => object.query(...args));
      }
      if (property === 'exec') {
        return (...args: Parameters<PGlite['exec']>) => inTurn(() => object.exec(...args));
      }
      if (property === 'transaction') {
        return <T>(callback: Parameters<PGlite['transaction']>[0]) =>
          inTurn(() => object.transaction((tx) => callback(yieldingQueries(tx)) as Promise<T>));
      }
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

export async function openPglite(options: {
  dataDir?: string;
  migrate?: boolean;
  /** An in-memory database starts from this dump (tests: a migrated template instead of initdb). */
  template?: Blob;
}): Promise<DatabaseHandle> {
  let releaseLock: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (options.dataDir) {
    const directory = path.join(options.dataDir, 'pglite');
    await fs.mkdir(directory, { recursive: true });
    try {
      releaseLock = await acquireDataDirectoryLock(`${directory}.owner`);
    } catch (error) {
      if (error instanceof LockHeldError) {
        throw new DataDirectoryInUseError(
          `The data directory ${options.dataDir} is in use by another Attest process; stop it or set DATA_DIR to another directory.`,
        );
      }
      throw error;
    }
    client = await PGlite.create({ dataDir: directory, relaxedDurability: false, extensions: { pg_trgm } });
  } else {
    client = await PGlite.create({ loadDataDir: options.template, extensions: { pg_trgm } });
  }
  await client.exec(createExtensionsSql);
  const db = drizzlePglite({ client: takingTurns(client), schema }) as unknown as Database;
  if (options.migrate !== false) await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    withWritesPaused(fn) {
      // PGlite runs one transaction at a time: while this (read-only) one is open every other query
      // and transaction waits. The checkpoint leaves the dump little WAL to replay.
      return client.transaction(async (tx) => {
        await tx.query('CHECKPOINT');
        return fn({
          query: async <Row>(statement: string) => (await tx.query<Row>(statement)).rows,
          dumpDataDir: () => client.dumpDataDir('none'),
        });
      });
    },
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, handler);
      return async () => unlisten();
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) {
        await client.query('CHECKPOINT');
        await client.close();
      }
      await releaseLock?.();
    },
  };
}

export async function openPostgres(options: { url: string; poolSize?: number }): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const migrationClient = await pool.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrationClient.query(createExtensionsSql);
    await migrateNodePostgres(drizzleNodePostgres({ client: migrationClient }), { migrationsFolder });
  } finally {
    await migrationClient.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
    migrationClient.release();
  }
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Database;
  const stoppers = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, handler, onReset) {
      let listener: pg.Client | undefined;
      let isStopped = false;
      let retryTimer: NodeJS.Timeout | undefined;
      const scheduleReconnect = () => {
        if (isStopped || retryTimer) return;
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          connect()
            .then(() => onReset?.())
            .catch(scheduleReconnect);
        }, 1000);
        retryTimer.unref();
      };
      // A lost LISTEN connection is re-opened; what was missed meanwhile is reported through onReset.
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: options.url });
        client.on('notification', (message) => {
          if (message.channel === channel) handler(message.payload ?? '');
        });
        client.on('error', () => {});
        client.on('end', () => {
          if (listener === client) scheduleReconnect();
        });
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        listener = client;
      };
      await connect();
      const stop = async () => {
        isStopped = true;
        if (retryTimer) clearTimeout(retryTimer);
        const current = listener;
        listener = undefined;
        stoppers.delete(stop);
        await current?.end().catch(() => {});
      };
      stoppers.add(stop);
      return stop;
    },
    async ping() {
      await pool.query('select 1');
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await Promise.all([...stoppers].map((stop) => stop()));
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres({ url: options.databaseUrl })
    : openPglite({ dataDir: options.dataDir });
}
