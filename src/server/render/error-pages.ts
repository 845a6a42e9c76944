import { messages } from '../../shared/messages';
import type { ErrorPageData } from '../../shared/page';
import { renderBareErrorDocument, renderErrorDocument } from './static-documents';
import { loadWebBuild } from './web-build';

/** An error page as full HTML; falls back to a plain page when the web build cannot be loaded. */
export async function renderErrorPageHtml(
  data: ErrorPageData,
  options: { isWatching: boolean },
): Promise<string> {
  try {
    return renderErrorDocument(await loadWebBuild(options), data);
  } catch {
    return renderBareErrorDocument(data);
  }
}

export const noAccessPage: ErrorPageData = {
  status: 403,
  title: messages.noAccess,
  message: 'Ask the organisation for access, or sign in with an account that has it.',
  detail: null,
};

/** The 'No access' page (spec 1 §2 Routes), for routes that find the viewer may not see what they asked for. */
export function renderNoAccessPage(options: { isWatching: boolean }): Promise<string> {
  return renderErrorPageHtml(noAccessPage, options);
}
