import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditLogExportQuery, AuditLogPage, AuditLogQuery } from '../../../shared/console-admin';
import type { AppDeps } from '../../context';
import { contentDisposition } from '../../core';
import { mediaAnswer } from '../../net/answers';
import { staffRoutes } from '../../net/staff-routes';
import { exportAuditLog } from './export-audit-log';
import { listAuditLog } from './list-audit-log';

/** The audit log viewer's API (console). */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, {
    tags: ['audit'],
    deps,
    writes: 'organisation:manage',
    reads: 'organisation:manage',
  });
  staff.get(
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

  staff.get(
    '/api/audit-log/export.csv',
    {
      summary: 'The filtered audit log as CSV, newest first; ?bom=1 adds a byte-order mark for Excel',
      querystring: AuditLogExportQuery,
      response: { 200: mediaAnswer('The CSV file (UTF-8)', ['text/csv'], { isText: true }) },
    },
    async (ctx, { query }, reply) => {
      const csv = await exportAuditLog({ ctx, input: { ...query, bom: query.bom === '1' } });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `audit-log-${day}.csv`))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
