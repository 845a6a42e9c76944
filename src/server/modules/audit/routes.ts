import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditLogPage, AuditLogQuery } from '../../../shared/console-admin';
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { listAuditLog } from './list-audit-log';

/** The audit log viewer's API (console). */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  staffRoutes(app, { tags: ['audit'], deps }).get(
    '/api/audit-log',
    {
      summary: 'Staff changes, newest first: who, when, action, target and recorded before/after',
      querystring: AuditLogQuery,
      response: { 200: AuditLogPage },
    },
    (ctx, { query }, reply) => {
      reply.header('cache-control', 'no-store');
      return listAuditLog({ ctx, input: query });
    },
  );
};
