import { benchBulkDownload } from './bulk-download';
import { benchCrowd } from './crowd';
import { benchFanOut } from './fan-out';
import { benchFirstVisit } from './first-visit';
import { benchHealthUnderSearch } from './health-under-search';
import { benchPortalView } from './portal-view';
import { benchQuestionnaire } from './questionnaire';
import { benchReviewQueue } from './review-queue';
import { benchSearch } from './search';
import { benchSearchKeystroke } from './search-keystroke';
import { benchStartup } from './startup';

/** npm run bench: every benchmark, one after another (they would disturb each other in parallel). */
await benchPortalView();
await benchCrowd();
await benchFirstVisit();
await benchBulkDownload();
await benchFanOut();
await benchSearch();
await benchSearchKeystroke();
await benchStartup();
await benchHealthUnderSearch();
await benchQuestionnaire();
// The review queue is measured on PostgreSQL only: it needs a server to create its database on.
if (process.env.BENCH_DATABASE_URL) await benchReviewQueue();
else console.log('review queue: BENCH_DATABASE_URL not set, skipped');
