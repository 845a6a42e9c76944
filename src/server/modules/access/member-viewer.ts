import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import type { Config } from '../../config';
import { findOrganisationById } from '../../core';
import type { Database } from '../../db/client';
import { loadSession, readSessionToken } from '../../plugins/sessions';
import { buildViewer, type Viewer, type ViewerMember, type ViewerSession } from '../../policy/viewer';

export type MemberViewer = Viewer & { member: ViewerMember; session: ViewerSession };

/**
 * The viewer of member routes that name an account rather than an organisation (spec 3 §7
 * /api/statuspage/share/{accountId}/external/…, auth/logout): the organisation comes from the member's
 * session. A write needs the session's CSRF token, as on every cookie-authenticated route.
 */
export async function requireMemberViewer(
  request: FastifyRequest,
  deps: { db: Database; config: Config },
): Promise<MemberViewer> {
  const token = readSessionToken(request, 'member', deps.config.isProduction);
  const loaded = token ? await loadSession(deps.db, 'member', token, deps.config.sessionLimits) : null;
  if (!loaded?.member) throw new AppError('unauthenticated', messages.signInRequired);
  if (request.headers['x-csrf-token'] !== loaded.session.csrfToken) {
    throw new AppError('csrf_failed', messages.csrfFailed);
  }
  const organisation = await findOrganisationById(deps.db, loaded.session.organisationId);
  if (!organisation) throw new AppError('unauthenticated', messages.signInRequired);
  const viewer = buildViewer({
    organisation,
    session: loaded.session,
    staff: null,
    member: loaded.member,
    previewRequest: { accountId: null, permissionProfileId: null, asPublic: false },
    now: new Date(),
  });
  return { ...viewer, member: loaded.member, session: loaded.session };
}
