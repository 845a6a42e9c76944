import type { Viewer } from '../../policy/viewer';

/**
 * Spec 1 §4: Ask AI needs the organisation's genAiEnabled, the plan's Trust Center AI, and a viewer
 * acting as an account: AccountExternal, or staff previewing as an account or permission profile.
 */
export function isAnswerAvailable(viewer: Viewer): boolean {
  const { customisation, planFeatures } = viewer.organisation;
  if (!customisation.genAiEnabled || planFeatures.trustCenterAi === false) return false;
  if (viewer.mode === 'account_external') return true;
  return (
    viewer.mode === 'preview' &&
    viewer.preview !== null &&
    (viewer.preview.accountId !== null || viewer.preview.permissionProfileId !== null)
  );
}

/** Spec 1 §4: the server engine for accounts and previews as one; local search otherwise. */
export function searchEngineFor(viewer: Viewer): 'server' | 'local' {
  if (viewer.mode === 'account_external') return 'server';
  if (viewer.mode === 'preview' && viewer.preview) {
    return viewer.preview.accountId !== null || viewer.preview.permissionProfileId !== null
      ? 'server'
      : 'local';
  }
  return 'local';
}
