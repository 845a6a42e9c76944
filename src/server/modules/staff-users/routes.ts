import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatedStaffUser,
  CreateStaffUserInput,
  ResetPasswordResult,
  StaffUserList,
  StaffUserParams,
  StaffUserView,
  UpdateStaffUserInput,
} from '../../../shared/console-admin';
import { IssuedScimToken, ScimSettingsView } from '../../../shared/scim';
import { EndedSessions } from '../../../shared/sessions';
import { SessionParams, StaffSessionList } from '../../../shared/staff-security';
import type { AppDeps } from '../../context';
import { noContent, staffRoutes } from '../../net/staff-routes';
import { signInClientOf } from '../staff';
import { endStaffSessions } from './end-staff-sessions';
import { inviteStaffUser } from './invite-staff-user';
import { listStaffUsers } from './list-staff-users';
import { resetStaffPassword } from './reset-staff-password';
import { scimRoutes } from './scim-routes';
import { getScimSettings, issueScimToken, revokeScimToken } from './scim-tokens';
import { endStaffUserSession, listStaffUserSessions } from './staff-user-sessions';
import { updateStaffUser } from './update-staff-user';

const tags = ['staff-users'];

/** Staff users and their roles (console; owners and admins; owners alone change owners). */
export const staffUserRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'organisation:manage' });
  staff.get(
    '/api/staff-users',
    { summary: 'Staff users of the organisation', response: { 200: StaffUserList } },
    (ctx) => listStaffUsers({ ctx }),
  );

  staff.post(
    '/api/staff-users',
    {
      summary: 'Creates a staff user; answers with a temporary password shown once',
      body: CreateStaffUserInput,
      response: { 201: CreatedStaffUser },
    },
    async (ctx, request, reply) => {
      reply.header('cache-control', 'no-store');
      return inviteStaffUser({ ctx, input: request.body });
    },
  );

  staff.patch(
    '/api/staff-users/:staffUserId',
    {
      summary: 'Changes name, permissions or disabled state',
      params: StaffUserParams,
      body: UpdateStaffUserInput,
      response: { 200: StaffUserView },
    },
    (ctx, request) => updateStaffUser({ ctx, input: { ...request.params, change: request.body } }),
  );

  staff.post(
    '/api/staff-users/:staffUserId/reset-password',
    {
      summary: 'Sets a new temporary password (shown once) and ends the user’s sessions',
      params: StaffUserParams,
      response: { 200: ResetPasswordResult },
    },
    async (ctx, request, reply) => {
      reply.header('cache-control', 'no-store');
      return resetStaffPassword({ ctx, input: request.params });
    },
  );

  staff.post(
    '/api/staff-users/:staffUserId/end-sessions',
    {
      summary: 'Ends every session of the user (an owner’s: owners only); for oneself, every other session',
      params: StaffUserParams,
      response: { 200: EndedSessions },
    },
    (ctx, request) => endStaffSessions({ ctx, input: request.params }),
  );

  staff.get(
    '/api/staff-users/:staffUserId/sessions',
    {
      summary: 'Where the person is signed in: browser, address, signed in, last seen (owners)',
      params: StaffUserParams,
      response: { 200: StaffSessionList },
    },
    (ctx, request) => listStaffUserSessions({ ctx, input: request.params }),
    { needs: 'security:manage' },
  );

  staff.delete(
    '/api/staff-users/:staffUserId/sessions/:sessionId',
    {
      summary: 'Ends one session of the person, at once (owners)',
      params: StaffUserParams.merge(SessionParams),
      response: { 204: noContent },
    },
    (ctx, request) => endStaffUserSession({ ctx, input: request.params, client: signInClientOf(request) }),
    { needs: 'security:manage' },
  );

  staff.get(
    '/api/staff/scim',
    {
      summary: 'Provisioning over SCIM: whether a token exists, and the base URL for the identity provider',
      response: { 200: ScimSettingsView },
    },
    (ctx) => getScimSettings({ ctx }),
    { needs: 'security:manage' },
  );

  staff.post(
    '/api/staff/scim/token',
    {
      summary: 'A new SCIM token, shown once; the one before stops working (owners, step-up)',
      response: { 201: IssuedScimToken },
    },
    async (ctx, _request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueScimToken({ ctx });
    },
    { needs: 'security:manage' },
  );

  staff.delete(
    '/api/staff/scim/token',
    {
      summary: 'Turns provisioning off: the identity provider’s token stops working (owners, step-up)',
      response: { 200: ScimSettingsView },
    },
    (ctx) => revokeScimToken({ ctx }),
    { needs: 'security:manage' },
  );

  await app.register(scimRoutes, deps);
};
