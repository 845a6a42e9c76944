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
  MatchingPendingRequests,
} from '../../../shared/access-queue';
import { AppError } from '../../../shared/errors';
import { EndedSessions } from '../../../shared/sessions';
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { getAccessSettings, updateAccessSettings } from './access-settings';
import { addAccountMember, removeAccountMember } from './account-members';
import { getAccount, listAccounts, listProfiles } from './account-reads';
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
import { getAccessRequest, listAccessRequests, listMatchingPendingRequests } from './review-queue';
import { revokeAccount } from './revoke-account';
import { updateAccount } from './update-account';

const idParams = z.object({ id: z.string().uuid() });
const noContent = { 204: z.null() };
const tags = ['access (staff)'];

/** Staff console API for access: the review queue, accounts, permission profiles, access settings and NDA versions. */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'access:review' });
  // An NDA can be uploaded as the Markdown or text file it was written in.
  for (const type of ['text/markdown', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
  }

  staff.get(
    '/api/access-requests',
    {
      summary:
        'A page of the review queue: status, search (name, e-mail, domain, company), filters and sort, with counts per status',
      querystring: AccessRequestQueueQuery,
      response: { 200: AccessRequestPage },
    },
    async (ctx, request) => {
      return listAccessRequests({ ctx, input: request.query });
    },
  );

  staff.get(
    '/api/access-requests/pending-ids',
    {
      summary:
        'The pending requests the view (search, filters, sort) matches, up to 10,000, for a decision on all of them',
      querystring: AccessRequestQueueQuery,
      response: { 200: MatchingPendingRequests },
    },
    async (ctx, request) => listMatchingPendingRequests({ ctx, input: request.query }),
  );

  staff.post(
    '/api/access-requests/bulk-approve',
    {
      summary:
        'Approves up to 100 requests in one transaction with one access duration and profile; each is mailed a sign-in link (access:review)',
      body: BulkApproveInput,
      response: { 200: BulkDecisionResult },
    },
    async (ctx, request) => bulkApproveAccessRequests({ ctx, input: request.body }),
  );

  staff.post(
    '/api/access-requests/bulk-decline',
    {
      summary:
        'Declines up to 100 requests in one transaction with one reason; each requester is mailed (access:review)',
      body: BulkDeclineInput,
      response: { 200: BulkDecisionResult },
    },
    async (ctx, request) => bulkDeclineAccessRequests({ ctx, input: request.body }),
  );

  staff.get(
    '/api/access-requests/:id',
    {
      summary: 'A request with what the requester asked for, and the requests of the same person and domain',
      params: idParams,
      response: { 200: AccessRequestDetail },
    },
    async (ctx, request) => {
      return getAccessRequest({ ctx, input: { requestId: request.params.id } });
    },
  );

  staff.post(
    '/api/access-requests/:id/approve',
    {
      summary: 'Approves a request for accessDays; mails the requester a sign-in link (access:review)',
      params: idParams,
      body: ApproveAccessInput,
      response: { 200: AccountDetail },
    },
    async (ctx, request) => {
      const { accountId } = await approveAccessRequest({
        ctx,
        input: { requestId: request.params.id, body: request.body },
      });
      return getAccount({ ctx, input: { accountId } });
    },
  );

  staff.post(
    '/api/access-requests/:id/decline',
    {
      summary: 'Declines a request; mails the requester with the reason (access:review)',
      params: idParams,
      body: DeclineAccessInput,
      response: noContent,
    },
    async (ctx, request) => {
      await declineAccessRequest({
        ctx,
        input: { requestId: request.params.id, body: request.body },
      });
    },
  );

  staff.get(
    '/api/accounts',
    {
      summary: 'Accounts with their review status and member count',
      response: { 200: AccountList },
    },
    async (ctx) => {
      return listAccounts({ ctx });
    },
  );

  staff.post(
    '/api/accounts',
    {
      summary: 'Creates an approved account (access:review)',
      body: CreateAccountInput,
      response: { 201: AccountDetail },
    },
    (ctx, request) => createAccount({ ctx, input: request.body }),
  );

  staff.get(
    '/api/accounts/:id',
    {
      summary: 'An account and its members',
      params: idParams,
      response: { 200: AccountDetail },
    },
    async (ctx, request) => {
      return getAccount({ ctx, input: { accountId: request.params.id } });
    },
  );

  staff.patch(
    '/api/accounts/:id',
    {
      summary: 'Renames an account, changes its domain or permission profile (access:review)',
      params: idParams,
      body: UpdateAccountInput,
      response: { 200: AccountDetail },
    },
    async (ctx, request) =>
      updateAccount({ ctx, input: { accountId: request.params.id, body: request.body } }),
  );

  staff.post(
    '/api/accounts/:id/extend',
    {
      summary: 'Approves the account until now + accessDays (access:review)',
      params: idParams,
      body: ExtendAccountInput,
      response: { 200: AccountDetail },
    },
    async (ctx, request) =>
      extendAccount({ ctx, input: { accountId: request.params.id, body: request.body } }),
  );

  staff.post(
    '/api/accounts/:id/revoke',
    {
      summary:
        "Ends the account's access (declined); its members' next request is in Public mode (access:review)",
      params: idParams,
      response: { 200: AccountDetail },
    },
    async (ctx, request) => revokeAccount({ ctx, input: { accountId: request.params.id } }),
  );

  staff.post(
    '/api/accounts/:id/members',
    {
      summary: 'Adds a person to the account (access:review)',
      params: idParams,
      body: AddAccountMemberInput,
      response: { 201: AccountDetail },
    },
    (ctx, request) =>
      addAccountMember({
        ctx,
        input: { accountId: request.params.id, body: request.body },
      }),
  );

  staff.delete(
    '/api/accounts/:id/members/:memberId',
    {
      summary: 'Removes a person from the account; their sessions end (access:review)',
      params: idParams.extend({ memberId: z.string().uuid() }),
      response: noContent,
    },
    async (ctx, request) => {
      await removeAccountMember({
        ctx,
        input: { accountId: request.params.id, memberId: request.params.memberId },
      });
    },
  );

  staff.post(
    '/api/accounts/:id/end-sessions',
    {
      summary: 'Signs every member of the account out: ends all their sessions (access:review)',
      params: idParams,
      response: { 200: EndedSessions },
    },
    async (ctx, request) => endMemberSessions({ ctx, input: { accountId: request.params.id } }),
  );

  staff.post(
    '/api/accounts/:id/members/:memberId/end-sessions',
    {
      summary: 'Signs one member out everywhere: ends all their sessions (access:review)',
      params: idParams.extend({ memberId: z.string().uuid() }),
      response: { 200: EndedSessions },
    },
    async (ctx, request) =>
      endMemberSessions({
        ctx,
        input: { accountId: request.params.id, memberId: request.params.memberId },
      }),
  );

  staff.get(
    '/api/permission-profiles',
    {
      summary: 'Permission profiles with their items',
      response: { 200: PermissionProfileList },
    },
    async (ctx) => {
      return listProfiles({ ctx });
    },
  );

  staff.post(
    '/api/permission-profiles',
    {
      summary: 'Creates a permission profile; items must be of this organisation (access:review)',
      body: PermissionProfileInput,
      response: { 201: PermissionProfile },
    },
    (ctx, request) => createPermissionProfile({ ctx, input: request.body }),
  );

  staff.patch(
    '/api/permission-profiles/:id',
    {
      summary: 'Renames a profile and replaces its items (access:review)',
      params: idParams,
      body: PermissionProfileInput,
      response: { 200: PermissionProfile },
    },
    async (ctx, request) =>
      updatePermissionProfile({
        ctx,
        input: { profileId: request.params.id, body: request.body },
      }),
  );

  staff.delete(
    '/api/permission-profiles/:id',
    {
      summary: 'Deletes a profile (access:review)',
      params: idParams,
      response: noContent,
    },
    async (ctx, request) => {
      await deletePermissionProfile({ ctx, input: { profileId: request.params.id } });
    },
  );

  staff.get(
    '/api/access-settings',
    {
      summary: 'Review, NDA and identity-provider settings',
      response: { 200: AccessSettings },
    },
    async (ctx) => getAccessSettings({ ctx }),
  );

  staff.put(
    '/api/access-settings',
    {
      summary:
        'Replaces the access settings and domain rules; the byoid secret is write-only (access:review)',
      body: AccessSettingsInput,
      response: { 200: AccessSettings },
    },
    async (ctx, request) => updateAccessSettings({ ctx, input: request.body }),
    // Domain rules and the identity provider decide who gets restricted content unreviewed: admins.
    { needs: 'organisation:manage' },
  );

  staff.get(
    '/api/nda-versions',
    {
      summary: 'NDA versions, newest (current) first',
      response: { 200: NdaVersionList },
    },
    async (ctx) => ({ versions: await listNdaVersions({ ctx }) }),
  );

  staff.post(
    '/api/nda-versions',
    {
      summary:
        'Publishes a new NDA version: JSON {title, body}, or a text/markdown upload with ?title=&fileName=',
      querystring: z.object({
        title: z.string().max(200).optional(),
        fileName: z.string().max(255).optional(),
      }),
      body: z.union([z.object({ title: z.string(), body: z.string() }), z.string()]),
      response: { 201: NdaVersion },
    },
    async (ctx, request) => {
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
      return await createNdaVersion({ ctx, input });
    },
    // A new NDA binds every member who signs it from now on: a legal change, for admins.
    { needs: 'organisation:manage' },
  );
};
