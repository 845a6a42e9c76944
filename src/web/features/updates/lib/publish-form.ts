import type { UpdateCategory } from '../../../../shared/update-texts';
import { AddUpdateInput, CreateTopicInput, type UpdateAudience } from '../../../../shared/updates';

/** What the publish form edits; the payload the contract validates is derived from it. */
export type PublishValues = {
  subject: string;
  category: UpdateCategory | '';
  /** '' for the whole organisation. */
  productId: string;
  message: string;
  isPinned: boolean;
  statusPage: boolean;
  statusPageAudience: UpdateAudience;
  emailEnabled: boolean;
  emailSubscribers: boolean;
  emailAudience: string[];
};

export type PublishMode = { kind: 'create' } | { kind: 'add'; topicId: string; subject: string };

export const defaultPublishValues: PublishValues = {
  subject: '',
  category: '',
  productId: '',
  message: '',
  isPinned: false,
  statusPage: true,
  statusPageAudience: 'public',
  emailEnabled: false,
  emailSubscribers: true,
  emailAudience: [],
};

/** Field paths as the contract reports them ('channels.email.audience.2'); the form shows each under its field. */
export type PublishIssues = Record<string, string>;

function channelsOf(values: PublishValues) {
  return {
    statusPage: values.statusPage,
    statusPageAudience: values.statusPageAudience,
    // A switched-off e-mail channel sends nothing: its leftover choices are neither sent nor judged.
    email: values.emailEnabled
      ? { enabled: true, subscribers: values.emailSubscribers, audience: values.emailAudience }
      : { enabled: false, subscribers: false, audience: [] },
  };
}

export function createPayload(values: PublishValues): CreateTopicInput {
  return {
    subject: values.subject,
    // An unchosen category goes to the contract as missing, so it answers 'Category is required'.
    category: (values.category || undefined) as UpdateCategory,
    productId: values.productId || null,
    message: values.message,
    channels: channelsOf(values),
    isPinned: values.isPinned,
  };
}

export function addPayload(values: PublishValues): AddUpdateInput {
  return { message: values.message, channels: channelsOf(values) };
}

type Validation =
  | { isValid: true; payload: CreateTopicInput | AddUpdateInput; issues: PublishIssues }
  | { isValid: false; payload: null; issues: PublishIssues };

/** Every rule of the contract (spec 3 §5), the first message per field path. */
export function validatePublish(mode: PublishMode, values: PublishValues): Validation {
  const schema = mode.kind === 'create' ? CreateTopicInput : AddUpdateInput;
  const payload = mode.kind === 'create' ? createPayload(values) : addPayload(values);
  const result = schema.safeParse(payload);
  if (result.success) return { isValid: true, payload: result.data, issues: {} };
  const issues: PublishIssues = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    issues[path] ??= issue.message;
  }
  return { isValid: false, payload: null, issues };
}

/** The server's field keys ('body.channels.email.audience.0') as the form's paths. */
export function serverIssues(fields: Record<string, string>): PublishIssues {
  const issues: PublishIssues = {};
  for (const [key, message] of Object.entries(fields))
    issues[key.replace(/^body\.?/, '') || 'form'] ??= message;
  return issues;
}

/** Messages about single listed addresses, with the positions of the addresses they reject. */
export function audienceIssues(issues: PublishIssues): { messages: string[]; indexes: Set<number> } {
  const prefix = 'channels.email.audience.';
  const indexes = new Set<number>();
  const messages: string[] = [];
  for (const [path, message] of Object.entries(issues)) {
    if (!path.startsWith(prefix)) continue;
    const index = Number(path.slice(prefix.length));
    if (Number.isInteger(index)) indexes.add(index);
    if (!messages.includes(message)) messages.push(message);
  }
  return { messages, indexes };
}

/** Addresses are compared as the contract stores them: trimmed and lower-cased. */
export function normaliseAddress(value: string): string {
  return value.trim().toLowerCase();
}
