import { benchPortalView } from './portal-view';

/** npm run bench: every benchmark, one after another (they would disturb each other in parallel). */
await benchPortalView();
