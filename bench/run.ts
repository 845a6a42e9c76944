import { benchBulkDownload } from './bulk-download';
import { benchFanOut } from './fan-out';
import { benchPortalView } from './portal-view';

/** npm run bench: every benchmark, one after another (they would disturb each other in parallel). */
await benchPortalView();
await benchBulkDownload();
await benchFanOut();
