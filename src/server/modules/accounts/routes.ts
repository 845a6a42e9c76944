import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessSettings,
  AccessSettingsInput,
  AccountDetail,
  AccountList,
  AddAccountMemberInput,
  ApproveAccessInput,
  CreateAccountInput,
  DeclineAccessInput,
  ExtendAccountInput,
  NdaVersion,
  NdaVersionList,
  PermissionProfile,
  PermissionProfileInput,
  PermissionProfileList,
  UpdateAccountInput,
} from '../../../shared/access';
import {
  AccessRequestDetail,
  AccessRequestPage,
  AccessRequestQueueQuery,
  BulkApproveInput,
  BulkDecisionResult,
  BulkDeclineInput,
} from '../../../shared/access-queue';
import { AppError } from '../../../shared/errors';
import { EndedSessions } from '../../../shared/sessions';
import { type AppDeps, verbContext } from '../../context';
import { getAccessSettings, updateAccessSettings } from './access-settings';
import { addAccountMember, removeAccountMember } from './account-members';
import { approveAccessRequest } from './approve-access-request';
import { bulkApproveAccessRequests } from './bulk-approve-access-requests';
import { bulkDeclineAccessRequests } from './bulk-decline-access-requests';
import { createAccount } from './create-account';
import { declineAccessRequest } from './decline-access-request';
import { endMemberSessions } from './end-member-sessions';
import { extendAccount } from './extend-account';
import { createNdaVersion, listNdaVersions } from './nda-versions';
import {
  createPermissionProfile,
  deletePermissionProfile,
  updatePermissionProfile,
} from './permission-profiles';
import { findAccountDetail, listAccountRows, listPermissionProfiles } from './queries';
import { findAccessRequestDetail, listAccessRequestPage } from './queue-queries';
import { revokeAccount } from './revoke-account';
import { notFound, requireConsole } from './staff-access';
import { updateAccount } from './update-account';

const idParams = z.object({ id: z.string().uuid() });
const staff = { viewer: 'staff' } as const;
const noContent = { 204: z.null() };

/** Staff console API for access: the review queue, accounts, permission profiles, access settings and NDA versions. */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // An NDA can be uploaded as the Markdown or text file it was written in.
  for (const type of ['text/markdown', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
  }

  app.get(
    '/api/access-requests',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary:
          'A page of the review queue: status, search (name, e-mail, domain, company), filters and sort, with counts per status',
        querystring: AccessRequestQueueQuery,
        response: { 200: AccessRequestPage },
      },
    },
    async (request) => {
      const ctx = verbContext(deps, request);
      requireConsole(ctx.viewer);
      return listAccessRequestPage(ctx.db, ctx.viewer.organisation.id, request.query);
    },
  );

  app.post(
    '/api/access-requests/bulk-approve',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary:
          'Approves up to 100 requests in one transaction with one access duration and profile; each is mailed a sign-in link (statuspage:edit)',
        body: BulkApproveInput,
        response: { 200: BulkDecisionResult },
      },
    },
    async (request) => bulkApproveAccessRequests({ ctx: verbContext(deps, request), input: request.body }),
  );

  app.post(
    '/api/access-requests/bulk-decline',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary:
          'Declines up to 100 requests in one transaction with one reason; each requester is mailed (statuspage:edit)',
        body: BulkDeclineInput,
        response: { 200: BulkDecisionResult },
      },
    },
    async (request) => bulkDeclineAccessRequests({ ctx: verbContext(deps, request), input: request.body }),
  );

  app.get(
    '/api/access-requests/:id',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary:
          'A request with what the requester asked for, and the requests of the same person and domain',
        params: idParams,
        response: { 200: AccessRequestDetail },
      },
    },
    async (request) => {
      const ctx = verbContext(deps, request);
      requireConsole(ctx.viewer);
      const detail = await findAccessRequestDetail(ctx.db, ctx.viewer.organisation.id, request.params.id);
      if (!detail) throw notFound('Access request');
      return detail;
    },
  );

  app.post(
    '/api/access-requests/:id/approve',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Approves a request for accessDays; mails the requester a sign-in link (statuspage:edit)',
        params: idParams,
        body: ApproveAccessInput,
        response: { 200: AccountDetail },
      },
    },
    async (request) => {
      const ctx = verbContext(deps, request);
      const { accountId } = await approveAccessRequest({
        ctx,
        input: { requestId: request.params.id, body: request.body },
      });
      return (await findAccountDetail(ctx.db, ctx.viewer.organisation.id, accountId))!;
    },
  );

  app.post(
    '/api/access-requests/:id/decline',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Declines a request; mails the requester with the reason (statuspage:edit)',
        params: idParams,
        body: DeclineAccessInput,
        response: noContent,
      },
    },
    async (request, reply) => {
      await declineAccessRequest({
        ctx: verbContext(deps, request),
        input: { requestId: request.params.id, body: request.body },
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/accounts',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Accounts with their review status and member count',
        response: { 200: AccountList },
      },
    },
    async (request) => {
      const ctx = verbContext(deps, request);
      requireConsole(ctx.viewer);
      return { accounts: await listAccountRows(ctx.db, ctx.viewer.organisation.id) };
    },
  );

  app.post(
    '/api/accounts',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Creates an approved account (statuspage:edit)',
        body: CreateAccountInput,
        response: { 201: AccountDetail },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccount({ ctx: verbContext(deps, request), input: request.body })),
  );

  app.get(
    '/api/accounts/:id',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'An account and its members',
        params: idParams,
        response: { 200: AccountDetail },
      },
    },
    async (request) => {
      const ctx = verbContext(deps, request);
      requireConsole(ctx.viewer);
      const detail = await findAccountDetail(ctx.db, ctx.viewer.organisation.id, request.params.id);
      if (!detail) throw notFound('Account');
      return detail;
    },
  );

  app.patch(
    '/api/accounts/:id',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Renames an account, changes its domain or permission profile (statuspage:edit)',
        params: idParams,
        body: UpdateAccountInput,
        response: { 200: AccountDetail },
      },
    },
    async (request) =>
      updateAccount({ ctx: verbContext(deps, request), input: { accountId: request.params.id, body: request.body } }),
  );

  app.post(
    '/api/accounts/:id/extend',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Approves the account until now + accessDays (statuspage:edit)',
        params: idParams,
        body: ExtendAccountInput,
        response: { 200: AccountDetail },
      },
    },
    async (request) =>
      extendAccount({ ctx: verbContext(deps, request), input: { accountId: request.params.id, body: request.body } }),
  );

  app.post(
    '/api/accounts/:id/revoke',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary:
          "Ends the account's access (declined); its members' next request is in Public mode (statuspage:edit)",
        params: idParams,
        response: { 200: AccountDetail },
      },
    },
    async (request) => revokeAccount({ ctx: verbContext(deps, request), input: { accountId: request.params.id } }),
  );

  app.post(
    '/api/accounts/:id/members',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Adds a person to the account (statuspage:edit)',
        params: idParams,
        body: AddAccountMemberInput,
        response: { 201: AccountDetail },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await addAccountMember({
          ctx: verbContext(deps, request),
          input: { accountId: request.params.id, body: request.body },
        }),
      ),
  );

  app.delete(
    '/api/accounts/:id/members/:memberId',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Removes a person from the account; their sessions end (statuspage:edit)',
        params: idParams.extend({ memberId: z.string().uuid() }),
        response: noContent,
      },
    },
    async (request, reply) => {
      await removeAccountMember({
        ctx: verbContext(deps, request),
        input: { accountId: request.params.id, memberId: request.params.memberId },
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/accounts/:id/end-sessions',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Signs every member of the account out: ends all their sessions (statuspage:edit)',
        params: idParams,
        response: { 200: EndedSessions },
      },
    },
    async (request) => endMemberSessions({ ctx: verbContext(deps, request), input: { accountId: request.params.id } }),
  );

  app.post(
    '/api/accounts/:id/members/:memberId/end-sessions',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Signs one member out everywhere: ends all their sessions (statuspage:edit)',
        params: idParams.extend({ memberId: z.string().uuid() }),
        response: { 200: EndedSessions },
      },
    },
    async (request) =>
      endMemberSessions({
        ctx: verbContext(deps, request),
        input: { accountId: request.params.id, memberId: request.params.memberId },
      }),
  );

  app.get(
    '/api/permission-profiles',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Permission profiles with their items',
        response: { 200: PermissionProfileList },
      },
    },
    async (request) => {
      const ctx = verbContext(deps, request);
      requireConsole(ctx.viewer);
      return { profiles: await listPermissionProfiles(ctx.db, ctx.viewer.organisation.id) };
    },
  );

  app.post(
    '/api/permission-profiles',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Creates a permission profile; items must be of this organisation (statuspage:edit)',
        body: PermissionProfileInput,
        response: { 201: PermissionProfile },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPermissionProfile({ ctx: verbContext(deps, request), input: request.body })),
  );

  app.patch(
    '/api/permission-profiles/:id',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Renames a profile and replaces its items (statuspage:edit)',
        params: idParams,
        body: PermissionProfileInput,
        response: { 200: PermissionProfile },
      },
    },
    async (request) =>
      updatePermissionProfile({
        ctx: verbContext(deps, request),
        input: { profileId: request.params.id, body: request.body },
      }),
  );

  app.delete(
    '/api/permission-profiles/:id',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Deletes a profile (statuspage:edit)',
        params: idParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await deletePermissionProfile({ ctx: verbContext(deps, request), input: { profileId: request.params.id } });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/access-settings',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'Review, NDA and identity-provider settings',
        response: { 200: AccessSettings },
      },
    },
    async (request) => getAccessSettings({ ctx: verbContext(deps, request) }),
  );

  app.put(
    '/api/access-settings',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary:
          'Replaces the access settings and domain rules; the byoid secret is write-only (statuspage:edit)',
        body: AccessSettingsInput,
        response: { 200: AccessSettings },
      },
    },
    async (request) => updateAccessSettings({ ctx: verbContext(deps, request), input: request.body }),
  );

  app.get(
    '/api/nda-versions',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary: 'NDA versions, newest (current) first',
        response: { 200: NdaVersionList },
      },
    },
    async (request) => ({ versions: await listNdaVersions({ ctx: verbContext(deps, request) }) }),
  );

  app.post(
    '/api/nda-versions',
    {
      config: staff,
      schema: {
        tags: ['access (staff)'],
        summary:
          'Publishes a new NDA version: JSON {title, body}, or a text/markdown upload with ?title=&fileName=',
        querystring: z.object({
          title: z.string().max(200).optional(),
          fileName: z.string().max(255).optional(),
        }),
        body: z.union([z.object({ title: z.string(), body: z.string() }), z.string()]),
        response: { 201: NdaVersion },
      },
    },
    async (request, reply) => {
      const { body, query } = request;
      const input =
        typeof body === 'string'
          ? {
              title: query.title ?? query.fileName?.replace(/\.(md|markdown|txt)$/i, '') ?? '',
              body,
              sourceFileName: query.fileName ?? null,
            }
          : body;
      if (typeof body === 'string' && !input.title) {
        throw new AppError('validation_failed', 'Give the NDA a title.', { title: 'Give the NDA a title.' });
      }
      return reply.status(201).send(await createNdaVersion({ ctx: verbContext(deps, request), input }));
    },
  );
};
