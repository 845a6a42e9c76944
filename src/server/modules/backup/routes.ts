import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../shared/errors';
import type { AppDeps } from '../../context';
import { mediaAnswer } from '../../net/answers';
import { backupBearer } from '../../net/api-security';
import { packageJson } from '../../project-root';
import { createBackup } from './backup-archive';

/** Where `npm run backup` finds the running server of a DATA_DIR: its loopback address and a token. */
export const controlFileName = 'control.json';
export type ControlFile = { url: string; token: string };

function loopbackUrl(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * POST /admin/backup streams a backup of the embedded database and files. Only for callers on this
 * machine (the connection's two ends are the same address) that read the token from DATA_DIR, which
 * the server writes when it listens (mode 0600) and removes when it closes.
 */
export const backupRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  if (!deps.database.withWritesPaused || deps.config.s3) return;
  const token = randomBytes(32).toString('base64url');
  const controlFile = path.join(deps.config.dataDir, controlFileName);

  app.addHook('onListen', async () => {
    const control: ControlFile = { url: loopbackUrl(app.server.address() as AddressInfo), token };
    await fs.writeFile(controlFile, `${JSON.stringify(control)}\n`, { mode: 0o600 });
  });
  app.addHook('onClose', async () => void (await fs.rm(controlFile, { force: true })));

  app.post(
    '/admin/backup',
    {
      schema: {
        tags: ['operations'],
        summary: 'Streams a backup of the embedded database and files (npm run backup calls it)',
        security: backupBearer,
        response: { 200: mediaAnswer('The backup archive (tar, gzip)', ['application/gzip']) },
      },
    },
    async (request, reply) => {
      const given = Buffer.from(request.headers.authorization?.replace(/^Bearer /, '') ?? '');
      const isLocal = request.socket.remoteAddress === request.socket.localAddress;
      if (!isLocal || given.length !== token.length || !timingSafeEqual(given, Buffer.from(token))) {
        throw new AppError(
          'forbidden',
          `Backups are taken on this machine with the token in ${controlFileName}`,
        );
      }
      const archive = await createBackup({
        database: deps.database,
        dataDir: deps.config.dataDir,
        attestVersion: packageJson.version,
      });
      return reply
        .header('content-type', 'application/gzip')
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
};
