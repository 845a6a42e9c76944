import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../shared/errors';
import { OutboxMessageParams, OutboxRetryResult, OutboxState } from '../../../shared/mail-outbox';
import { type AppDeps, verbContext } from '../../context';
import { openToEveryone } from '../../net/api-security';
import { isLoopbackPeer } from '../../net/ip-ranges';
import { staffRoutes } from '../../net/staff-routes';
import { GetMailboxMessageInput, getMailboxMessage } from './get-mailbox-message';
import { ListMailboxMessagesInput, listMailboxMessages } from './list-mailbox-messages';
import { MailboxMessage } from './mailbox-message';
import { renderMailboxMessagePage, renderMailboxPage } from './mailbox-page';
import { retryOutbox } from './outbox-retry';
import { getOutboxState } from './outbox-state';
import { sendTestEmail, TestEmailQueued } from './send-test-email';

export const mailRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, {
    tags: ['mail'],
    deps,
    writes: 'organisation:manage',
    reads: 'organisation:manage',
  });

  staff.post(
    '/api/staff/test-email',
    {
      summary: 'Queue a test e-mail to the signed-in staff member, to check mail delivery',
      response: { 202: TestEmailQueued },
    },
    (ctx) => sendTestEmail({ ctx }),
  );

  staff.get(
    '/api/staff/mail/outbox',
    {
      summary: "The organisation's outgoing mail: sent, waiting, failed, quarantined, per update",
      response: { 200: OutboxState },
    },
    (ctx) => getOutboxState({ ctx }),
  );

  staff.post(
    '/api/staff/mail/outbox/retry',
    {
      summary: 'Retries every unsent message now: due jobs now, quarantined messages queued again',
      response: { 200: OutboxRetryResult },
    },
    (ctx) => retryOutbox({ ctx }),
  );

  staff.post(
    '/api/staff/mail/outbox/:messageId/retry',
    {
      summary: 'Retries one unsent message now',
      params: OutboxMessageParams,
      response: { 200: OutboxRetryResult },
    },
    (ctx, { params }) => retryOutbox({ ctx, messageId: params.messageId }),
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
        security: openToEveryone,
        summary: 'Messages the dev mailbox received, newest first',
        querystring: ListMailboxMessagesInput,
        response: { 200: MailboxMessage.array() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMailboxMessages({ ctx: verbContext(deps), input: request.query });
    },
  );

  app.get(
    '/dev/mailbox',
    { onRequest, schema: { hide: true, querystring: ListMailboxMessagesInput } },
    async (request, reply) => {
      const messages = await listMailboxMessages({ ctx: verbContext(deps), input: request.query });
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
      const message = await getMailboxMessage({ ctx: verbContext(deps), input: request.params });
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
  return !isForwarded && isLoopbackPeer(request.socket.remoteAddress) && isLoopbackHostName(headers.host);
}

/**
 * The Host the browser asked for must name this machine too: a page elsewhere can point its own
 * host name at 127.0.0.1 (DNS rebinding) and read the answer as same-origin.
 */
function isLoopbackHostName(host: string | undefined): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]') return true;
  return /^127(\.\d{1,3}){3}$/.test(hostname);
}
