import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type PortalPageData, pageDataElementId } from '../shared/page';
import { PortalPage } from './app/routes/portal/portal-page';
import { setCsrfToken } from './lib/api-client';
import { stopListeningForEarlyClicks } from './lib/early-clicks';
import { loadTranslator, TranslatorProvider } from './lib/i18n';

/**
 * Hydrates the server-rendered portal with the page data the server inlined (loaded by entry-portal).
 * As a transition React hydrates in slices and yields between them, so a tap is never stuck behind it.
 */
const dataElement = document.getElementById(pageDataElementId);
const root = document.getElementById('root');
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as PortalPageData;
  // The API client sends the session's token with every write; the page's components never carry it.
  setCsrfToken(data.csrfToken);
  // React holds clicks from here on; one made earlier is given again once the page is live.
  stopListeningForEarlyClicks();
  // The page's language arrives as its own chunk (fetched beside this one: see the page's modulepreload).
  void loadTranslator(data.languages.locale).then((translator) => {
    startTransition(() => {
      hydrateRoot(
        root,
        <TranslatorProvider translator={translator}>
          <PortalPage data={data} />
        </TranslatorProvider>,
      );
    });
    // From here React holds every tap and replays it on the part it hydrates first; journeys wait for this.
    document.documentElement.dataset.hydrationStarted = 'true';
  });
}
