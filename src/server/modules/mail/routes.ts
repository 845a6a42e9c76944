import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../shared/errors';
import type { AppDeps } from '../../context';
import { isLoopbackPeer } from '../../net/ip-ranges';
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
  // Elsewhere it answers only to this machine (decision 110).
  const onRequest = async (request: FastifyRequest) => {
    if (!isDirectLoopbackRequest(request)) throw new AppError('forbidden', mailboxOnlyOnThisMachine);
  };

  app.get(
    '/dev/mailbox/messages',
    {
      onRequest,
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
    { onRequest, schema: { hide: true, querystring: ListMailboxMessagesInput } },
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
    { onRequest, schema: { hide: true, params: GetMailboxMessageInput } },
    async (request, reply) => {
      const message = await getMailboxMessage({ ctx: { db }, input: request.params });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxMessagePage(message));
    },
  );
};

const mailboxOnlyOnThisMachine =
  'The dev mailbox answers only to a browser on the machine that runs Attest. Set SMTP_URL to deliver mail.';

/**
 * The socket's own peer address, never X-Forwarded-For: a forwarded request came through a proxy,
 * which may sit on this machine and so connect from loopback on behalf of anyone.
 */
function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  const { headers } = request;
  const isForwarded = Boolean(headers['x-forwarded-for'] ?? headers.forwarded ?? headers['x-real-ip']);
  return !isForwarded && isLoopbackPeer(request.socket.remoteAddress);
}
