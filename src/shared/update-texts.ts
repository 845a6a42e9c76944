import { limits } from './limits';
import { messages } from './messages';

/**
 * The updates feature's texts and limits without its schemas: the public page imports these, and
 * src/shared/updates.ts (which defines the zod schemas) re-exports them, so zod stays off the portal.
 */

export const updateCategories = [
  'compliance',
  'vulnerabilities',
  'incidents',
  'subprocessors',
  'general',
] as const;
export type UpdateCategory = (typeof updateCategories)[number];

export const updateLimits = {
  /** Spec 3 §9. */
  pageSize: 5,
  /** Spec 1 §9: the notification bar shows updates created within this window. */
  notificationWindowHours: limits.notificationWindowHours,
  subjectMaxLength: 200,
  messageMaxLength: 20_000,
  /** Listed e-mail addresses of one update. */
  audienceMaxAddresses: 500,
  /** Subscribers read and mails queued per transaction during a fan-out. */
  fanOutBatchSize: 500,
  /** Newest entries in a feed. */
  feedMaxEntries: 50,
} as const;

export const categoryLabels: Record<UpdateCategory, string> = {
  compliance: 'Compliance',
  vulnerabilities: 'Vulnerabilities',
  incidents: 'Incidents',
  subprocessors: 'Subprocessors',
  general: 'General',
};

export const updateMessages = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${updateLimits.subjectMaxLength} characters`,
  categoryRequired: 'Category is required',
  categoryInvalid:
    'Choose one of the categories: compliance, vulnerabilities, incidents, subprocessors, general',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${updateLimits.messageMaxLength} characters`,
  channelRequired: 'Select at least one channel',
  emailAudienceRequired: 'Add at least one e-mail address',
  emailInvalid: (value: string) => `"${value}" is not a valid email`,
  emailDuplicate: (value: string) => `"${value}" has already been added`,
  tooManyAddresses: `At most ${updateLimits.audienceMaxAddresses} addresses`,
  /** Subscribers are anonymous: a private update can only be e-mailed to addresses staff list. */
  privateToSubscribers: 'Private updates cannot be e-mailed to all subscribers; list the addresses instead',
  editNeedsAField: 'Change at least one field',
  productInvalid: 'Choose one of the organisation’s products, or none for every product',
  productUnknown: 'This organisation has no such product',
  topicNotFound: 'Update topic not found',
  updateNotFound: 'Update not found',
  lastUpdate: 'A topic needs at least one update; hide or delete the topic instead',
  topicCreated: 'Update published',
  updateAdded: 'Update added',
  topicSaved: 'Topic saved',
  topicHidden: 'Topic hidden',
  topicShown: 'Topic shown',
  topicPinned: 'Topic pinned',
  topicUnpinned: 'Topic unpinned',
  subscriberNotFound: 'Subscriber not found',
  blockNotFound: 'Block not found',
  blockInvalidDomain: 'Enter a domain such as example.com',
  blockExists: 'This address or domain is already blocked',
  /** Card title (spec 3 §2): '{portal title} Updates'. */
  cardTitle: (portalTitle: string) => `${portalTitle} Updates`,
  pinned: 'Pinned',
  noUpdates: 'No updates yet',
  latestTrustUpdates: messages.latestTrustUpdates,
  recentTrustUpdates: messages.recentTrustUpdates,
} as const;
