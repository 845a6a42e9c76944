import { benchBulkDownload } from './bulk-download';
import { benchFanOut } from './fan-out';
import { benchFirstVisit } from './first-visit';
import { benchPortalView } from './portal-view';
import { benchSearch } from './search';
import { benchSearchKeystroke } from './search-keystroke';

/** npm run bench: every benchmark, one after another (they would disturb each other in parallel). */
await benchPortalView();
await benchFirstVisit();
await benchBulkDownload();
await benchFanOut();
await benchSearch();
await benchSearchKeystroke();
