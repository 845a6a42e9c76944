import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessTokenMessages } from '../../shared/access-tokens';
import { AppError } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { type StaffPermission, staffRoleLabels } from '../../shared/permissions';
import type { Config } from '../config';
import {
  assertPreviewTargets,
  findOrganisationByDomain,
  findOrganisationById,
  findOrganisationBySlug,
} from '../core';
import type { Database } from '../db/client';
import { hasStaffPermission } from '../policy';
import { buildViewer, sessionlessViewer, type Viewer, type ViewerOrganisation } from '../policy/viewer';
import type { PortalCache } from '../providers/cache/portal-cache';
import { loadTokenHolder, readBearerToken, recordTokenUse, type TokenHolder } from './access-tokens';
import {
  assertSameSite,
  hashSessionToken,
  type LoadedSession,
  loadSession,
  readSessionToken,
} from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    /** The organisation of a portal route, set as soon as it is known: error pages wear its brand. */
    pageOrganisation: ViewerOrganisation | null;
    /** Set when the organisation came from memory because the database could not be reached. */
    staleSince: Date | null;
    /** The member's personal access token the request came with (issue 36), and what it asked. */
    accessToken: (TokenHolder & { subject: string | null }) | null;
  }
  interface FastifyContextConfig {
    /** portal: organisation from :org or the Host; staff: organisation of the signed-in staff member. */
    viewer?: 'portal' | 'staff';
    /** A staff route's one permission (net/staff-routes.ts); the staff member's role must hold it. */
    staffPermission?: StaffPermission;
    /** Writes that start a session (sign-in) cannot carry a session's CSRF token yet. */
    skipCsrf?: boolean;
    /**
     * A route for agents (the MCP server): its caller is a bearer token's member or anonymous, never
     * a browser's cookie session, so a page elsewhere cannot act with a visitor's cookies through it.
     */
    agent?: boolean;
    /** A POST that only reads (search, Ask AI): a read-only access token may make it. */
    readsWithPost?: boolean;
  }
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function hostWithoutPort(host: string | undefined): string {
  return (host ?? '').replace(/:\d+$/, '').toLowerCase();
}

/** Hosts that serve every organisation by slug; any other Host is looked up as a custom domain. */
export function isOwnHost(config: Config, host: string | undefined): boolean {
  const name = hostWithoutPort(host);
  return name === new URL(config.publicUrl).hostname || ['localhost', '127.0.0.1', '[::1]'].includes(name);
}

export async function resolveOrganisation(
  db: Database,
  config: Config,
  request: FastifyRequest,
  cache: PortalCache,
): Promise<ViewerOrganisation> {
  const params = request.params as { org?: string; orgId?: string } | undefined;
  const slug = params?.org;
  const organisation = slug
    ? await cache.organisationBySlug(
        slug,
        () => findOrganisationBySlug(db, slug),
        // Only reads may go on without the database; a write would fail later anyway.
        request.method === 'GET' || request.method === 'HEAD'
          ? (lastConfirmed) => {
              request.staleSince = lastConfirmed;
            }
          : undefined,
      )
    : params?.orgId
      ? await findOrganisationById(db, params.orgId)
      : isOwnHost(config, request.headers.host)
        ? null
        : await findOrganisationByDomain(db, hostWithoutPort(request.headers.host));
  if (!organisation) {
    const isCustomDomain = !params?.org && !isOwnHost(config, request.headers.host);
    throw new AppError(
      'organisation_not_found',
      isCustomDomain ? messages.companyNotFound : messages.organisationNotFound,
    );
  }
  return organisation;
}

function readPreviewRequest(request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const asString = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
  return {
    accountId: asString(query.accountId),
    permissionProfileId: asString(query.permissionProfileId),
    asPublic: query.preview === 'public',
  };
}

function assertCsrf(request: FastifyRequest, loaded: LoadedSession | null) {
  if (!loaded || !unsafeMethods.has(request.method) || request.routeOptions.config.skipCsrf) return;
  const header = request.headers['x-csrf-token'];
  if (typeof header !== 'string' || header !== loaded.session.csrfToken) {
    throw new AppError('csrf_failed', messages.csrfFailed);
  }
}

/** The answer differs by session cookie and by access token: a shared cache must key on both. */
function withVaryCredentials(current: unknown): string {
  const names = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*')) return '*';
  const missing = ['Cookie', 'Authorization'].filter(
    (wanted) => !names.some((name) => name.toLowerCase() === wanted.toLowerCase()),
  );
  return [...names, ...missing].join(', ');
}

/** Builds request.viewer for every route that declares config.viewer; nothing else decides modes. */
export const viewerPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; config: Config; cache: PortalCache }) => {
    const { db, config, cache } = options;
    app.decorateRequest('viewer', null);
    app.decorateRequest('pageOrganisation', null);
    // Whatever a route says about caching, an answer for a signed-in viewer is theirs alone, and any
    // answer of a viewer-aware route may differ by cookie. Only anonymous answers stay shareable.
    app.addHook('onSend', async (request, reply, payload) => {
      const kind = request.routeOptions.config.viewer;
      if (!kind) return payload;
      reply.header('vary', withVaryCredentials(reply.getHeader('vary')));
      if (kind === 'staff' || request.viewer?.session || request.accessToken) {
        reply.header('cache-control', 'private, no-store');
      }
      return payload;
    });
    app.decorateRequest('accessToken', null);
    app.addHook('onResponse', async (request) => {
      const token = request.accessToken;
      const organisation = request.viewer?.organisation;
      if (!token || !organisation) return;
      await recordTokenUse(db, {
        organisationId: organisation.id,
        member: token.member,
        tokenId: token.tokenId,
        subject: token.subject ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
        path: request.url.split('?')[0]!,
      }).catch((error: unknown) => request.log.warn({ err: error }, 'could not record an access token use'));
    });
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.startsSession && unsafeMethods.has(request.method)) {
        assertSameSite(request);
      }
    });
    const loadCookieSession = async (request: FastifyRequest, kind: 'staff' | 'member') => {
      const token = readSessionToken(request, kind, config.isProduction);
      return token ? loadSession(db, kind, token, config.sessionLimits) : null;
    };
    // A member's own portal needs no read of their session while no change to anyone's rights there
    // was committed (member-session-cache.ts); staff sessions are read every time.
    const loadPortalMemberSession = async (request: FastifyRequest, organisation: ViewerOrganisation) => {
      const token = readSessionToken(request, 'member', config.isProduction);
      if (!token) return null;
      cache.memberSessions.noteAccessRevision(organisation.id, organisation.accessRevision);
      return cache.memberSessions.session(organisation.id, hashSessionToken(token), () =>
        loadSession(db, 'member', token, config.sessionLimits),
      );
    };
    /**
     * A bearer token's member, or the public on an agent route: such requests never carry a cookie
     * session, and a token only reads (besides an agent route's own protocol posts and read-only POSTs).
     */
    const viewerOfAgent = async (request: FastifyRequest, organisation: ViewerOrganisation) => {
      const bearer = readBearerToken(request.headers.authorization);
      const { agent, readsWithPost } = request.routeOptions.config;
      if (!bearer && !agent) return null;
      if (bearer && unsafeMethods.has(request.method) && !agent && !readsWithPost) {
        throw new AppError('forbidden', accessTokenMessages.readOnly);
      }
      const holder = bearer ? await loadTokenHolder(db, organisation.id, bearer) : null;
      request.accessToken = holder ? { ...holder, subject: null } : null;
      return sessionlessViewer(organisation, holder?.member ?? null);
    };
    app.decorateRequest('staleSince', null);
    // Staff routes are decided before their input is validated: who may not call a route learns no more.
    app.addHook('preValidation', async (request) => {
      const { viewer: kind, staffPermission } = request.routeOptions.config;
      if (kind !== 'staff') return;
      const loaded = await loadCookieSession(request, 'staff');
      assertCsrf(request, loaded);
      if (!loaded?.staff) throw new AppError('unauthenticated', messages.signInRequired);
      const organisation = await findOrganisationById(db, loaded.session.organisationId);
      if (!organisation) throw new AppError('unauthenticated', messages.signInRequired);
      request.viewer = buildViewer({
        organisation,
        session: loaded.session,
        staff: loaded.staff,
        member: null,
        previewRequest: { accountId: null, permissionProfileId: null, asPublic: false },
        now: new Date(),
      });
      if (!staffPermission) throw new Error(`staff route ${request.routeOptions.url} names no permission`);
      if (!hasStaffPermission(request.viewer, staffPermission)) {
        throw new AppError('forbidden', messages.roleForbidden(staffRoleLabels[loaded.staff.role]));
      }
    });
    app.addHook('preHandler', async (request) => {
      const kind = request.routeOptions.config.viewer;
      if (!kind || kind === 'staff') return;
      const organisation = await resolveOrganisation(db, config, request, cache);
      request.pageOrganisation = organisation;
      const agentViewer = await viewerOfAgent(request, organisation);
      if (agentViewer) {
        request.viewer = agentViewer;
        return;
      }
      // On the portal a member session of this organisation comes before a staff session (previews).
      const memberSession = await loadPortalMemberSession(request, organisation);
      const loaded =
        memberSession?.session.organisationId === organisation.id
          ? memberSession
          : ((await loadCookieSession(request, 'staff')) ?? memberSession);
      assertCsrf(request, loaded);
      const belongsHere = loaded?.session.organisationId === organisation.id;
      const viewer = buildViewer({
        organisation,
        session: belongsHere ? loaded.session : null,
        staff: belongsHere ? loaded.staff : null,
        member: belongsHere ? loaded.member : null,
        previewRequest: readPreviewRequest(request),
        now: new Date(),
      });
      if (viewer.preview) await assertPreviewTargets(db, organisation.id, viewer.preview);
      request.viewer = viewer;
    });
  },
);

/** Says that the answer is the last good one, kept while the database cannot be reached. */
export function markIfStale(request: FastifyRequest, reply: FastifyReply) {
  if (!request.staleSince) return;
  reply
    .header('warning', '110 - "Response is Stale"')
    .header('x-attest-stale', '1')
    .header('cache-control', 'no-store');
}
