import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditLogPage, AuditLogQuery } from '../../../shared/console-admin';
import type { AppDeps } from '../../context';
import { requireViewer } from '../../plugins/viewer';
import { listAuditLog } from './list-audit-log';

/** The audit log viewer's API (console). */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/audit-log',
    {
      config: { viewer: 'staff' },
      schema: {
        tags: ['audit'],
        summary: 'Staff changes, newest first: who, when, action, target and recorded before/after',
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listAuditLog({
        ctx: { db: deps.database.db, viewer: requireViewer(request) },
        input: request.query,
      });
    },
  );
};
