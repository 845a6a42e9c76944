import {
  type AccessRequestQueueParams,
  AccessRequestQueueQuery,
  queueLimits,
} from '../../../../shared/access-queue';

/**
 * The review queue's view lives in the address (status, search, filters, sort, page) so a view can
 * be shared as a link and Back returns to it. Defaults are left out, and a value the server would
 * refuse is dropped, so an edited or outdated link still opens a working queue.
 */
export type QueueView = {
  status: NonNullable<AccessRequestQueueParams['status']>;
  q?: string;
  productId?: string;
  requesterType?: NonNullable<AccessRequestQueueParams['requesterType']>;
  country?: string;
  source?: string;
  from?: string;
  to?: string;
  hasNda?: 'yes' | 'no';
  sort?: NonNullable<AccessRequestQueueParams['sort']>;
  page: number;
};

/** The filters behind the "Filters" button; status, search, sort and page have their own controls. */
export const filterKeys = [
  'productId',
  'requesterType',
  'country',
  'source',
  'from',
  'to',
  'hasNda',
] as const;
const viewKeys = ['status', 'q', ...filterKeys, 'sort', 'page'] as const;
type ViewKey = (typeof viewKeys)[number];

export function viewFromSearchParams(params: URLSearchParams): QueueView {
  const raw: Partial<Record<ViewKey, string>> = {};
  for (const key of viewKeys) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  // Links from before the queue had statuses: ?tab=decided.
  if (!raw.status && params.get('tab') === 'decided') raw.status = 'decided';
  let parsed = AccessRequestQueueQuery.safeParse(raw);
  // Drop each refused value once, then parse what is left.
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[issue.path[0] as ViewKey];
    parsed = AccessRequestQueueQuery.safeParse(raw);
  }
  const query = parsed.success ? parsed.data : AccessRequestQueueQuery.parse({});
  const view: QueueView = { status: query.status, page: query.page };
  for (const key of filterKeys) {
    const value = query[key];
    if (value) (view as Record<string, unknown>)[key] = value;
  }
  if (query.q) view.q = query.q;
  if (query.sort) view.sort = query.sort;
  return view;
}

export function searchParamsFromView(view: QueueView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of viewKeys) {
    const value = view[key];
    if (value === undefined || value === '') continue;
    if (key === 'status' && value === 'pending') continue;
    if (key === 'page' && value === 1) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The API's query string for a view: the address's own, plus the page size. */
export function apiQueryOf(view: QueueView, pageSize: number = queueLimits.pageSizeDefault): string {
  const params = searchParamsFromView(view);
  params.set('status', view.status);
  if (pageSize !== queueLimits.pageSizeDefault) params.set('pageSize', String(pageSize));
  return params.toString();
}

export function activeFilterCount(view: QueueView): number {
  return filterKeys.filter((key) => view[key] !== undefined).length;
}

/** A change of status, search, filter or sort starts again at page 1. */
export function withChange(view: QueueView, change: Partial<QueueView>): QueueView {
  const next: QueueView = { ...view, ...change, page: change.page ?? 1 };
  for (const key of viewKeys) if (next[key] === undefined || next[key] === '') delete next[key];
  return next;
}
