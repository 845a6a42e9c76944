import type { FastifyRequest } from 'fastify';
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
import { EndedSessions } from '../../../shared/sessions';
import type { AppDeps } from '../../context';
import { requireViewer } from '../../plugins/viewer';
import { endStaffSessions } from './end-staff-sessions';
import { inviteStaffUser } from './invite-staff-user';
import { listStaffUsers } from './list-staff-users';
import { resetStaffPassword } from './reset-staff-password';
import { updateStaffUser } from './update-staff-user';

const staffRoute = { viewer: 'staff' as const };
const tags = ['staff-users'];

/** Staff users and their permissions (console; writes need statuspage:edit). */
export const staffUserRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = (request: FastifyRequest) => ({ db: deps.database.db, viewer: requireViewer(request) });

  app.get(
    '/api/staff-users',
    {
      config: staffRoute,
      schema: { tags, summary: 'Staff users of the organisation', response: { 200: StaffUserList } },
    },
    (request) => listStaffUsers({ ctx: context(request) }),
  );

  app.post(
    '/api/staff-users',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Creates a staff user; answers with a temporary password shown once',
        body: CreateStaffUserInput,
        response: { 201: CreatedStaffUser },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await inviteStaffUser({ ctx: context(request), input: request.body }));
    },
  );

  app.patch(
    '/api/staff-users/:staffUserId',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Changes name, permissions or disabled state',
        params: StaffUserParams,
        body: UpdateStaffUserInput,
        response: { 200: StaffUserView },
      },
    },
    (request) =>
      updateStaffUser({ ctx: context(request), input: { ...request.params, change: request.body } }),
  );

  app.post(
    '/api/staff-users/:staffUserId/reset-password',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Sets a new temporary password (shown once) and ends the user’s sessions',
        params: StaffUserParams,
        response: { 200: ResetPasswordResult },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return resetStaffPassword({ ctx: context(request), input: request.params });
    },
  );

  app.post(
    '/api/staff-users/:staffUserId/end-sessions',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Ends every session of the user (statuspage:edit); for oneself, every other session',
        params: StaffUserParams,
        response: { 200: EndedSessions },
      },
    },
    (request) => endStaffSessions({ ctx: context(request), input: request.params }),
  );
};
