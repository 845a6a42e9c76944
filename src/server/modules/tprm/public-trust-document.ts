import type { TrustExport } from '../../../shared/tprm';
import type { Context } from '../../context';
import { sessionlessViewer } from '../../policy/viewer';
import { buildTrustExport } from './build-trust-export';

/**
 * /.well-known/trust.json: the public part only, built as an anonymous visitor whoever asks (cookies
 * are ignored), and shared by every request until the organisation changes.
 */
export async function getPublicTrustDocument({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'config' | 'providers'>;
}): Promise<TrustExport> {
  const organisation = ctx.viewer.organisation;
  const viewer = sessionlessViewer(organisation);
  return ctx.providers.cache.publicValue(organisation.id, organisation.revision, 'trust-json', () =>
    buildTrustExport({ ...ctx, viewer }, { audience: 'public', account: null, partner: null }),
  );
}
