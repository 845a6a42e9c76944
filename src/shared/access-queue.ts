import { z } from 'zod';
import {
  AccessDays,
  AccessRequestKind,
  AccessRequestRow,
  AccessRequestStatus,
  DeclineAccessInput,
  DeclinedBy,
  RequesterType,
} from './access';

/**
 * The staff review queue (issue 20): one page of access requests chosen by status, search, filters
 * and sort, with counts per status; a view is its query string, so it can be shared as a link.
 */

export const queueLimits = {
  pageSizeDefault: 25,
  pageSizeMax: 100,
  pageMax: 10_000,
  searchMaxLength: 200,
  bulkMax: 100,
  /** "Select all N matching" takes at most this many pending requests; decisions go bulkMax at a time. */
  selectAllMax: 10_000,
  historyMax: 20,
  facetMax: 100,
} as const;

/** 'decided' is every status but pending; 'all' is every request. */
export const QueueStatus = z.enum([...AccessRequestStatus.options, 'decided', 'all']);
export type QueueStatus = z.infer<typeof QueueStatus>;

/** Pending requests are worked oldest first; decided ones are looked up newest first. */
export const QueueSort = z.enum(['oldest', 'newest', 'name', 'company']);
export type QueueSort = z.infer<typeof QueueSort>;
export const defaultQueueSort = (status: QueueStatus): QueueSort =>
  status === 'pending' ? 'oldest' : 'newest';

const isoDay = z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });

export const AccessRequestQueueQuery = z
  .object({
    status: QueueStatus.default('pending'),
    /** Matches the requester's name, e-mail (and so its domain) and company, case-insensitively. */
    q: z.string().trim().max(queueLimits.searchMaxLength).optional(),
    productId: z.string().uuid({ error: 'Choose a product of this organisation.' }).optional(),
    requesterType: RequesterType.optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'Use a two-letter country code.')
      .transform((code) => code.toUpperCase())
      .optional(),
    source: z.string().trim().min(1).max(100).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** yes: the requester has accepted an NDA of this organisation; no: never. */
    hasNda: z.enum(['yes', 'no']).optional(),
    sort: QueueSort.optional(),
    page: z.coerce.number().int().min(1).max(queueLimits.pageMax).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(queueLimits.pageSizeMax)
      .default(queueLimits.pageSizeDefault),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: 'The end date must not be before the start date.',
  });
export type AccessRequestQueueQuery = z.infer<typeof AccessRequestQueueQuery>;
export type AccessRequestQueueParams = z.input<typeof AccessRequestQueueQuery>;

export const QueueCounts = z.object(
  Object.fromEntries(AccessRequestStatus.options.map((status) => [status, z.number().int()])) as Record<
    AccessRequestStatus,
    z.ZodNumber
  >,
);
export type QueueCounts = z.infer<typeof QueueCounts>;

export const AccessRequestPage = z.object({
  requests: z.array(AccessRequestRow),
  /** Requests matching the whole view; counts are per status under the view's other filters. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  sort: QueueSort,
  counts: QueueCounts,
  /** The organisation's products, and the sources and countries its requests have: the filters' choices. */
  facets: z.object({
    products: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
    sources: z.array(z.string()),
    countries: z.array(z.string()),
  }),
});
export type AccessRequestPage = z.infer<typeof AccessRequestPage>;

export const AccessRequestHistoryEntry = z.object({
  id: z.string().uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  kind: AccessRequestKind,
  status: AccessRequestStatus,
  declinedBy: DeclinedBy.nullable(),
  decisionReason: z.string().nullable(),
  accessDays: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AccessRequestHistoryEntry = z.infer<typeof AccessRequestHistoryEntry>;

export const AccessRequestDetail = z.object({
  request: AccessRequestRow.extend({
    itemKind: z.string().nullable(),
    wantsUpdates: z.boolean(),
    customCheckbox: z.boolean().nullable(),
    decidedBy: z.string().nullable(),
  }),
  /** Other requests from the same address, newest first. */
  samePerson: z.array(AccessRequestHistoryEntry),
  /** How many there are in all: the lists hold the newest `historyMax`. */
  samePersonTotal: z.number().int(),
  /** Null for free-mail providers, whose addresses say nothing about an employer. */
  domain: z.string().nullable(),
  /** Other people's requests from the same domain, newest first. */
  sameDomain: z.array(AccessRequestHistoryEntry),
  sameDomainTotal: z.number().int(),
});
export type AccessRequestDetail = z.infer<typeof AccessRequestDetail>;

const bulkIds = z
  .array(z.string().uuid())
  .min(1, 'Select at least one request.')
  .max(queueLimits.bulkMax, `Select at most ${queueLimits.bulkMax} requests at a time.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A request is selected twice.');

/** One expiry and one profile for every selected request; renewals keep their account's profile. */
export const BulkApproveInput = z.object({
  ids: bulkIds,
  accessDays: AccessDays,
  permissionProfileId: z.string().uuid().nullable().optional(),
});
export const BulkDeclineInput = DeclineAccessInput.extend({ ids: bulkIds });

/** The pending requests a view matches, in its order, for "select all N matching" (at most selectAllMax). */
export const MatchingPendingRequests = z.object({
  ids: z.array(z.string().uuid()),
  /** Every pending request the view matches; more than ids.length when over selectAllMax. */
  total: z.number().int(),
});
export type MatchingPendingRequests = z.infer<typeof MatchingPendingRequests>;

/** Requests a colleague decided meanwhile are left as they are and named, not an error. */
export const BulkDecisionResult = z.object({
  decidedIds: z.array(z.string().uuid()),
  alreadyDecidedIds: z.array(z.string().uuid()),
});
export type BulkDecisionResult = z.infer<typeof BulkDecisionResult>;
