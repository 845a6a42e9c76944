import { z } from 'zod';

/**
 * First-party analytics: the event names the specs name (spec 1 §7, spec 2 §7, spec 3 §7) and the
 * contract of POST {share base}/events. Anything else is refused with a 400.
 */
export const clientEventNames = [
  'portal_loaded',
  'search_item_selected',
  'search_query_entered',
  'search_box_focused',
  'client_searched',
  'subscribe_failed',
  'card_edited',
  'item_clicked',
  'access_requested',
  'login',
  'file_viewed',
  'file_downloaded',
  'file_requested',
  'more_details_toggled',
  'trusted_by_clicked',
  'card_time_spent',
] as const;
export const ClientEventName = z.enum(clientEventNames);
export type ClientEventName = z.infer<typeof ClientEventName>;

/**
 * Recorded by the server itself, never accepted from a client: a page served (HTML route), and a call
 * made with a member's access token (issue 36).
 */
export const serverEventNames = ['page_view', 'agent_call'] as const;

/**
 * Staff changes of an item's access (spec 2 §7), recorded by the server in the transaction of the
 * change; never accepted from a client, and counted although staff work in Main mode.
 */
export const staffEventNames = ['access_level_changed', 'restricted_level_changed'] as const;
export type StaffEventName = (typeof staffEventNames)[number];

export type AnalyticsEventName = ClientEventName | (typeof serverEventNames)[number] | StaffEventName;

/** An item is public or restricted; a restricted item is visible to all or hidden (props of the events above). */
export type ItemAccessLevel = 'public' | 'restricted';
export type ItemRestrictedLevel = 'visible' | 'hidden';

export const analyticsLimits = {
  eventsPerBatch: 50,
  propsMaxKeys: 12,
  propKeyMaxLength: 40,
  propStringMaxLength: 200,
  propsMaxJsonBytes: 1024,
  pathMaxLength: 512,
  subjectMaxLength: 200,
  batchBodyMaxBytes: 64 * 1024,
  batchesPerIpPerMinute: 60,
  /** The client sends what it has collected after this long, or at once when the page is hidden. */
  flushDelayMs: 5000,
  /** Dashboard ranges are capped so one report never scans years of events. */
  rangeMaxDays: 366,
  topListSize: 10,
} as const;

export type AnalyticsPropValue = string | number | boolean | null;
export type AnalyticsProps = Record<string, AnalyticsPropValue>;

const PropValue = z.union([
  z.string().max(analyticsLimits.propStringMaxLength),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

export const AnalyticsPropsInput = z
  .record(
    z
      .string()
      .max(analyticsLimits.propKeyMaxLength)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Property names are letters, digits and underscores'),
    PropValue,
  )
  .refine((props) => Object.keys(props).length <= analyticsLimits.propsMaxKeys, {
    message: `At most ${analyticsLimits.propsMaxKeys} properties per event`,
  })
  .refine((props) => JSON.stringify(props).length <= analyticsLimits.propsMaxJsonBytes, {
    message: `Event properties are limited to ${analyticsLimits.propsMaxJsonBytes} bytes`,
  });

/** A random id the browser keeps in localStorage (not a cookie); 16–64 URL-safe characters. */
export const VisitorId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a visitor id');

export const AnalyticsEventInput = z.object({
  name: ClientEventName,
  path: z.string().max(analyticsLimits.pathMaxLength).regex(/^\//, 'A path starts with /').optional(),
  itemId: z.string().uuid().optional(),
  subject: z.string().max(analyticsLimits.subjectMaxLength).optional(),
  props: AnalyticsPropsInput.optional(),
});
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInput>;

export const AnalyticsBatch = z.object({
  visitorId: VisitorId,
  events: z.array(AnalyticsEventInput).min(1).max(analyticsLimits.eventsPerBatch),
});
export type AnalyticsBatch = z.infer<typeof AnalyticsBatch>;

export const AnalyticsBatchResult = z.object({ accepted: z.number().int() });
export type AnalyticsBatchResult = z.infer<typeof AnalyticsBatchResult>;

const IsoDate = z.iso.date({ error: 'Use a real date, YYYY-MM-DD' });

/** A dashboard range: whole UTC days, `to` included. */
export const AnalyticsRangeQuery = z.object({ from: IsoDate, to: IsoDate });
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuery>;

export const AnalyticsExportQuery = AnalyticsRangeQuery.extend({
  report: z.enum(['events', 'accounts', 'documents']).default('events'),
  bom: z.enum(['0', '1']).default('0'),
});
export type AnalyticsExportQuery = z.infer<typeof AnalyticsExportQuery>;

const Count = z.number().int();

export const AnalyticsDashboard = z.object({
  range: AnalyticsRangeQuery,
  totals: z.object({
    visits: Count,
    uniqueVisitors: Count,
    documentViews: Count,
    downloads: Count,
    searches: Count,
    searchesWithoutResults: Count,
  }),
  visitsByDay: z.array(z.object({ day: IsoDate, visits: Count, uniqueVisitors: Count })),
  topItems: z.array(z.object({ itemId: z.string(), title: z.string(), clicks: Count })),
  topDocuments: z.array(z.object({ fileId: z.string(), title: z.string(), views: Count, downloads: Count })),
  searchesWithoutResults: z.array(z.object({ query: z.string(), count: Count })),
  knowledgeGaps: z.array(z.object({ question: z.string(), askCount: Count, lastAskedAt: z.string() })),
  funnel: z.object({ requested: Count, approved: Count, signedIn: Count, downloaded: Count }),
  accounts: z.array(
    z.object({
      accountId: z.string(),
      name: z.string(),
      events: Count,
      documentViews: Count,
      downloads: Count,
      lastActiveAt: z.string().nullable(),
    }),
  ),
  eventCounts: z.array(z.object({ name: z.string(), count: Count })),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboard>;

export const analyticsMessages = {
  unknownEvent: 'Unknown analytics event name',
  rangeInvalid: 'The start of the range must not be after its end',
  rangeTooLong: `A range is at most ${analyticsLimits.rangeMaxDays} days`,
} as const;

/** Per-account engagement (issue 20 §5): the list sales teams read, paged on the server. */
export const engagementLimits = {
  pageSizeDefault: 25,
  pageSizeMax: 100,
  pageMax: 10_000,
  activityRows: 100,
} as const;

export const AccountEngagementQuery = AnalyticsRangeQuery.extend({
  page: z.coerce.number().int().min(1).max(engagementLimits.pageMax).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(engagementLimits.pageSizeMax)
    .default(engagementLimits.pageSizeDefault),
});
export type AccountEngagementQuery = z.infer<typeof AccountEngagementQuery>;
export type AccountEngagementParams = z.input<typeof AccountEngagementQuery>;

/** What one account (or one of its people) did in the range; activity = portal events + views + downloads. */
const EngagementCounts = {
  portalEvents: Count,
  documentViews: Count,
  downloads: Count,
  itemsOpened: Count,
  lastSeenAt: z.string().nullable(),
};

export const AccountEngagementRow = z.object({
  accountId: z.string().uuid(),
  name: z.string(),
  domain: z.string().nullable(),
  people: Count,
  ...EngagementCounts,
});
export type AccountEngagementRow = z.infer<typeof AccountEngagementRow>;

export const AccountEngagementPage = z.object({
  range: AnalyticsRangeQuery,
  accounts: z.array(AccountEngagementRow),
  /** Accounts with any activity in the range. */
  total: Count,
  page: Count,
  pageSize: Count,
  pageCount: Count,
});
export type AccountEngagementPage = z.infer<typeof AccountEngagementPage>;

export const AccountEngagementParamsSchema = z.object({ accountId: z.string().uuid('Not an account id') });

export const EngagementActivityKind = z.enum([
  'view',
  'download',
  'bulk_download',
  'item_opened',
  'agent_call',
]);
export type EngagementActivityKind = z.infer<typeof EngagementActivityKind>;

export const AccountEngagementDetail = z.object({
  range: AnalyticsRangeQuery,
  account: z.object({ id: z.string().uuid(), name: z.string(), domain: z.string().nullable() }),
  totals: z.object({ people: Count, ...EngagementCounts }),
  people: z.array(
    z.object({ memberId: z.string().uuid(), email: z.string(), name: z.string(), ...EngagementCounts }),
  ),
  documents: z.array(
    z.object({
      fileId: z.string().uuid(),
      title: z.string(),
      views: Count,
      downloads: Count,
      lastAt: z.string(),
    }),
  ),
  items: z.array(
    z.object({ itemId: z.string().uuid(), title: z.string(), opens: Count, lastAt: z.string() }),
  ),
  /** The newest activity first, at most engagementLimits.activityRows; the CSV has all of it. */
  activity: z.array(
    z.object({
      at: z.string(),
      kind: EngagementActivityKind,
      person: z.string().nullable(),
      subject: z.string().nullable(),
    }),
  ),
});
export type AccountEngagementDetail = z.infer<typeof AccountEngagementDetail>;

export const AccountEngagementExportQuery = AnalyticsRangeQuery.extend({
  bom: z.enum(['0', '1']).default('0'),
});
export type AccountEngagementExportQuery = z.infer<typeof AccountEngagementExportQuery>;

export const engagementMessages = {
  accountNotFound: 'This account does not exist in this organisation.',
} as const;
