import { z } from 'zod';
import { limits } from './limits';
import { messages } from './messages';
import { categoryLabels, updateCategories, updateLimits, updateMessages } from './update-texts';

/**
 * Trust updates (spec 1 §3 / spec 3 §3 Topic, Update, create payload; spec 3 §5 rules): the contract
 * between the server's updates module and the web's updates card, notification bar and console.
 *
 * HTTP surface (all JSON unless said):
 * - Staff (staff session, statuspage:edit for writes; writes need the x-csrf-token header):
 *   GET    /api/updates/topics                                 → StaffTopicsResponse
 *   POST   /api/updates/topics              CreateTopicInput   → StaffTopicView (201)
 *   PATCH  /api/updates/topics/:topicId     EditTopicInput     → StaffTopicView
 *   DELETE /api/updates/topics/:topicId                        → 204
 *   POST   /api/updates/topics/:topicId/updates   AddUpdateInput  → StaffTopicView (201)
 *   PATCH  /api/updates/topics/:topicId/updates/:updateId EditUpdateInput → StaffTopicView
 *   DELETE /api/updates/topics/:topicId/updates/:updateId      → StaffTopicView (the topic needs ≥ 1 update left)
 *   GET    /api/subscribers?status=&page=&q=                   → SubscriberListResponse
 *   DELETE /api/subscribers/:subscriberId                      → 204
 *   GET    /api/subscription-blocks                            → SubscriptionBlockList
 *   POST   /api/subscription-blocks         BlockInput         → SubscriptionBlockView (201)
 *   DELETE /api/subscription-blocks/:blockId                   → 204
 *   (webhooks, with update.published among their events: shared/webhooks.ts)
 * - Visitors (portal viewer; share query parameters permissionProfileId/accountId apply as on /view):
 *   GET /api/statuspage/share/:org/compliance-update?page=&product=&category= → VisitorUpdatesResponse
 *   GET /api/statuspage/share/:org/compliance-update/latest                   → NotificationBarResponse
 * - Feeds (public updates only): GET /:org/updates.atom, /:org/updates.json (each takes ?category= and ?product=)
 */

export const UpdateCategory = z.enum(updateCategories, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? updateMessages.categoryRequired
      : updateMessages.categoryInvalid,
});
export type UpdateCategory = z.infer<typeof UpdateCategory>;
export { categoryLabels, updateCategories, updateLimits, updateMessages };

/** Who sees an update on the status page (spec 3 §3 spAudience). */
export const UpdateAudience = z.enum(['public', 'private']);
export type UpdateAudience = z.infer<typeof UpdateAudience>;

const AudienceAddress = z.string().trim().toLowerCase().max(limits.emailMaxLength, messages.emailTooLong);

/**
 * Spec 3 §3 channels. The e-mail channel is chosen with `email.enabled`; then it goes to all confirmed
 * subscribers, to the listed `audience` addresses, or both. Spec 3 §5 "the statusPage channel needs an
 * e-mail unless already present" is read as: without the status page the e-mail channel is required.
 */
export const UpdateChannels = z
  .object({
    statusPage: z.boolean(),
    statusPageAudience: UpdateAudience.default('public'),
    email: z
      .object({
        enabled: z.boolean().default(false),
        subscribers: z.boolean().default(false),
        audience: z
          .array(AudienceAddress)
          .max(updateLimits.audienceMaxAddresses, updateMessages.tooManyAddresses)
          .default([]),
      })
      .prefault({}),
  })
  .superRefine((channels, ctx) => checkChannels(channels, ctx));
export type UpdateChannels = z.infer<typeof UpdateChannels>;

type ChannelsShape = {
  statusPage: boolean;
  statusPageAudience: UpdateAudience;
  email: { enabled: boolean; subscribers: boolean; audience: string[] };
};

/** Every rule of spec 3 §5 with its path, so the form shows each message under its field. */
function checkChannels(channels: ChannelsShape, ctx: z.RefinementCtx): void {
  const path: (string | number)[] = [];
  const { statusPage, statusPageAudience, email } = channels;
  if (!statusPage && !email.enabled) {
    ctx.addIssue({ code: 'custom', message: updateMessages.channelRequired, path });
  }
  if (email.enabled && !email.subscribers && email.audience.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: updateMessages.emailAudienceRequired,
      path: [...path, 'email', 'audience'],
    });
  }
  if (email.enabled && email.subscribers && statusPageAudience === 'private') {
    ctx.addIssue({
      code: 'custom',
      message: updateMessages.privateToSubscribers,
      path: [...path, 'email', 'subscribers'],
    });
  }
  const seen = new Set<string>();
  email.audience.forEach((address, index) => {
    if (!z.regexes.email.test(address)) {
      ctx.addIssue({
        code: 'custom',
        message: updateMessages.emailInvalid(address),
        path: [...path, 'email', 'audience', index],
      });
    } else if (seen.has(address)) {
      ctx.addIssue({
        code: 'custom',
        message: updateMessages.emailDuplicate(address),
        path: [...path, 'email', 'audience', index],
      });
    }
    seen.add(address);
  });
}

export const TopicSubject = z
  .string({ error: updateMessages.subjectRequired })
  .trim()
  .min(1, updateMessages.subjectRequired)
  .max(updateLimits.subjectMaxLength, updateMessages.subjectTooLong);

/** Markdown source; rendered and sanitised on output, never trusted as HTML. */
export const UpdateMessage = z
  .string({ error: updateMessages.messageRequired })
  .trim()
  .min(1, updateMessages.messageRequired)
  .max(updateLimits.messageMaxLength, updateMessages.messageTooLong);

/** Spec 3 §3 "Compliance update create payload": a new topic with its first update. */
/** The product a topic concerns; null (or absent): the whole organisation, every product's subscribers. */
export const TopicProductId = z.string().uuid({ error: updateMessages.productInvalid }).nullable();

export const CreateTopicInput = z.object({
  subject: TopicSubject,
  category: UpdateCategory,
  productId: TopicProductId.default(null),
  message: UpdateMessage,
  channels: UpdateChannels,
  isPinned: z.boolean().default(false),
});
export type CreateTopicInput = z.input<typeof CreateTopicInput>;

/** A further update in an existing topic. */
export const AddUpdateInput = z.object({ message: UpdateMessage, channels: UpdateChannels });
export type AddUpdateInput = z.input<typeof AddUpdateInput>;

/** Topic edits: subject, category, product, hide and pin (spec 3 §3). At least one field. */
export const EditTopicInput = z
  .object({
    subject: TopicSubject.optional(),
    category: UpdateCategory.optional(),
    productId: TopicProductId.optional(),
    isHidden: z.boolean().optional(),
    isPinned: z.boolean().optional(),
  })
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    updateMessages.editNeedsAField,
  );
export type EditTopicInput = z.input<typeof EditTopicInput>;

/** Editing a published update changes its text and status-page audience; mails already sent stay sent. */
export const EditUpdateInput = z
  .object({ message: UpdateMessage.optional(), statusPageAudience: UpdateAudience.optional() })
  .refine(
    (input) => input.message !== undefined || input.statusPageAudience !== undefined,
    updateMessages.editNeedsAField,
  );
export type EditUpdateInput = z.input<typeof EditUpdateInput>;

export const TopicParams = z.object({ topicId: z.string().uuid() });
export const UpdateParams = TopicParams.extend({ updateId: z.string().uuid() });

/** Fan-out progress of one update's e-mail channel: rows of update_deliveries by status. */
export const DeliveryProgress = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** True while the fan-out job still pages through subscribers (more rows may appear). */
  isFanningOut: z.boolean(),
});
export type DeliveryProgress = z.infer<typeof DeliveryProgress>;

export const StaffUpdateView = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  /** Markdown source, for editing. */
  message: z.string(),
  /** Sanitised HTML of the message. */
  html: z.string(),
  channels: z.object({
    statusPage: z.boolean(),
    statusPageAudience: UpdateAudience,
    email: z.object({ enabled: z.boolean(), subscribers: z.boolean(), audience: z.array(z.string()) }),
  }),
  delivery: DeliveryProgress,
});
export type StaffUpdateView = z.infer<typeof StaffUpdateView>;

export const StaffTopicView = z.object({
  id: z.string().uuid(),
  subject: z.string(),
  category: UpdateCategory,
  productId: z.string().uuid().nullable(),
  isHidden: z.boolean(),
  isPinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Newest first. */
  updates: z.array(StaffUpdateView),
});
export type StaffTopicView = z.infer<typeof StaffTopicView>;

/** Pinned first, then newest activity first; every topic (hidden too) for the console. */
export const StaffTopicsResponse = z.object({
  topics: z.array(StaffTopicView),
  /** Confirmed e-mail subscribers (spec 1 §3 "Staff also see an e-mail subscriber count"). */
  emailSubscriberCount: z.number().int(),
  /** The organisation's products a topic may concern, in the portal's order. */
  products: z.array(z.object({ id: z.string().uuid(), name: z.string() })),
});
export type StaffTopicsResponse = z.infer<typeof StaffTopicsResponse>;

/** One update as a visitor receives it: sanitised HTML only. */
export const UpdateView = z.object({
  id: z.string().uuid(),
  createdAt: z.string(),
  html: z.string(),
  audience: UpdateAudience,
});
export type UpdateView = z.infer<typeof UpdateView>;

export const TopicView = z.object({
  /** The id tcuUid names: the card highlights this topic. */
  id: z.string().uuid(),
  subject: z.string(),
  category: UpdateCategory,
  /** The product the topic concerns, when it concerns one; null for the whole organisation. */
  productName: z.string().nullable(),
  isPinned: z.boolean(),
  /** Only staff (Main mode) see hidden topics; for them it is true, so the card can mark it. */
  isHidden: z.literal(true).optional(),
  /** createdAt of its newest visible update. */
  latestAt: z.string(),
  /** Visible updates, newest first (never empty). */
  updates: z.array(UpdateView),
});
export type TopicView = z.infer<typeof TopicView>;

export const VisitorUpdatesQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  product: z.string().max(limits.slugMaxLength).optional(),
  category: UpdateCategory.optional(),
  /** Jump to the page holding this topic (tcuUid); wins over page when visible. */
  topicId: z.string().uuid().optional(),
  permissionProfileId: z.string().uuid().optional(),
  accountId: z.string().uuid().optional(),
  preview: z.enum(['public']).optional(),
});
export type VisitorUpdatesQuery = z.input<typeof VisitorUpdatesQuery>;

/** Visible topics, pinned first then newest; 5 per page. Empty topics list when nothing is visible. */
export const VisitorUpdatesResponse = z.object({
  topics: z.array(TopicView),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalTopics: z.number().int(),
  totalPages: z.number().int(),
});
export type VisitorUpdatesResponse = z.infer<typeof VisitorUpdatesResponse>;

export const NotificationBarQuery = VisitorUpdatesQuery.pick({
  product: true,
  permissionProfileId: true,
  accountId: true,
  preview: true,
});

export const FeedQuery = z.object({
  category: UpdateCategory.optional(),
  /** A product's slug: its topics and the organisation-wide ones. */
  product: z.string().max(limits.slugMaxLength).optional(),
});
export type FeedFormat = 'atom' | 'json';

/** Where a feed is served: the whole trust center's, or one category's or product's. */
export function feedPath(
  organisationSlug: string,
  format: FeedFormat,
  filter: { category?: UpdateCategory; product?: string } = {},
): string {
  const query = new URLSearchParams();
  if (filter.category) query.set('category', filter.category);
  if (filter.product) query.set('product', filter.product);
  const search = query.toString();
  return `/${organisationSlug}/updates.${format}${search ? `?${search}` : ''}`;
}

/** Latest visible update created within 24 hours, or null: the notification bar (spec 1 §2). */
export const NotificationBar = z.object({
  topicId: z.string().uuid(),
  updateId: z.string().uuid(),
  subject: z.string(),
  createdAt: z.string(),
});
export type NotificationBar = z.infer<typeof NotificationBar>;
export const NotificationBarResponse = z.object({ latest: NotificationBar.nullable() });
export type NotificationBarResponse = z.infer<typeof NotificationBarResponse>;

// Staff: subscribers and blocks (spec issue 7 "Staff can block addresses and domains").

export const SubscriberStatus = z.enum(['pending', 'confirmed', 'unsubscribed', 'blocked']);
export type SubscriberStatus = z.infer<typeof SubscriberStatus>;

export const SubscriberView = z.object({
  id: z.string().uuid(),
  email: z.string(),
  status: SubscriberStatus,
  source: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  /** The kinds of update followed; null: everything. */
  categories: z.array(UpdateCategory).nullable(),
  /** The names of the products followed; null: every product. */
  productNames: z.array(z.string()).nullable(),
  pausedAt: z.string().nullable(),
});
export type SubscriberView = z.infer<typeof SubscriberView>;

export const SubscriberListQuery = z.object({
  status: SubscriberStatus.optional(),
  /** Part of the address, case-insensitive. */
  q: z.string().trim().max(limits.emailMaxLength).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type SubscriberListQuery = z.input<typeof SubscriberListQuery>;

export const subscriberPageSize = 50;

export const SubscriberListResponse = z.object({
  subscribers: z.array(SubscriberView),
  /** Counts over the whole organisation, whatever the filter. */
  counts: z.record(SubscriberStatus, z.number().int()),
  /** Confirmed, unpaused subscribers an update of each kind reaches now. */
  reach: z.record(UpdateCategory, z.number().int()),
  paused: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type SubscriberListResponse = z.infer<typeof SubscriberListResponse>;

export const SubscriberParams = z.object({ subscriberId: z.string().uuid() });

export const BlockKind = z.enum(['email', 'domain']);
export type BlockKind = z.infer<typeof BlockKind>;

const domainPattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** An address ('ann@x.example') or a domain ('x.example'); blocking also marks matching subscribers blocked. */
export const BlockInput = z
  .object({ kind: BlockKind, value: z.string().trim().toLowerCase().min(1).max(limits.emailMaxLength) })
  .superRefine((input, ctx) => {
    if (input.kind === 'email' && !z.regexes.email.test(input.value)) {
      ctx.addIssue({ code: 'custom', message: messages.invalidEmail, path: ['value'] });
    }
    if (input.kind === 'domain' && !domainPattern.test(input.value)) {
      ctx.addIssue({ code: 'custom', message: updateMessages.blockInvalidDomain, path: ['value'] });
    }
  });
export type BlockInput = z.input<typeof BlockInput>;

export const SubscriptionBlockView = z.object({
  id: z.string().uuid(),
  kind: BlockKind,
  value: z.string(),
  createdAt: z.string(),
});
export type SubscriptionBlockView = z.infer<typeof SubscriptionBlockView>;
export const SubscriptionBlockList = z.object({ blocks: z.array(SubscriptionBlockView) });
export type SubscriptionBlockList = z.infer<typeof SubscriptionBlockList>;
export const BlockParams = z.object({ blockId: z.string().uuid() });
