import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../context';
import { requireViewer } from '../../plugins/viewer';
import { GetMailboxMessageInput, getMailboxMessage } from './get-mailbox-message';
import { ListMailboxMessagesInput, listMailboxMessages } from './list-mailbox-messages';
import { MailboxMessage } from './mailbox-message';
import { renderMailboxMessagePage, renderMailboxPage } from './mailbox-page';
import { sendTestEmail, TestEmailQueued } from './send-test-email';

export const mailRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const db = deps.database.db;

  app.post(
    '/api/staff/test-email',
    {
      config: { viewer: 'staff' },
      schema: {
        tags: ['mail'],
        summary: 'Queue a test e-mail to the signed-in staff member, to check mail delivery',
        response: { 202: TestEmailQueued },
      },
    },
    async (request, reply) => {
      const ctx = { db, viewer: requireViewer(request), providers: deps.providers, config: deps.config };
      return reply.status(202).send(await sendTestEmail({ ctx }));
    },
  );

  // The dev mailbox shows every message, sign-in links included: it must not exist in production.
  if (deps.config.isProduction) return;

  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages the dev mailbox received, newest first',
        querystring: ListMailboxMessagesInput,
        response: { 200: MailboxMessage.array() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMailboxMessages({ ctx: { db }, input: request.query });
    },
  );

  app.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: ListMailboxMessagesInput } },
    async (request, reply) => {
      const messages = await listMailboxMessages({ ctx: { db }, input: request.query });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxPage(messages, request.query));
    },
  );

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: GetMailboxMessageInput } },
    async (request, reply) => {
      const message = await getMailboxMessage({ ctx: { db }, input: request.params });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxMessagePage(message));
    },
  );
};
