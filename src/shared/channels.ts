import { z } from 'zod';

/**
 * Chat channels as subscribers (issue 34 §2): a Slack-compatible (Slack, Mattermost, Rocket.Chat) or
 * Microsoft Teams incoming webhook, with the same choice of kinds and products as an e-mail address.
 *
 *   GET/POST /:org/subscribe/channel                     the form; posting sends a confirmation message
 *   GET/POST /:org/subscription/channel/confirm?token=   the message's link: GET shows, POST confirms
 *   GET/POST /:org/subscription/channel?token=           every message's link: choices, or stop posting
 *   GET    /api/subscribers/channels                     the console's list
 *   POST   /api/subscribers/channels/:channelId/resume   a quarantined channel receives again
 *   DELETE /api/subscribers/channels/:channelId
 */
export const ChannelKind = z.enum(['slack', 'teams']);
export type ChannelKind = z.infer<typeof ChannelKind>;

export const channelKindLabels: Record<ChannelKind, string> = {
  slack: 'Slack (or Mattermost, Rocket.Chat)',
  teams: 'Microsoft Teams',
};

export const channelLimits = {
  urlMaxLength: 2048,
  confirmationHours: 48,
  /** Deliveries in a row that fail every attempt before the channel is quarantined. */
  quarantineAfterFailures: 3,
  requestTimeoutMs: 10_000,
  deliveryAttempts: 5,
} as const;

export const channelMessages = {
  urlRequired: 'Paste the incoming-webhook address of the channel',
  urlInvalid: 'This is not a web address (https://…)',
  urlNotHttps: 'The address must start with https://',
  urlRefused: 'This address points to a private or local network, which Attest does not post to',
  sent: 'We posted a message with a confirmation link to the channel. Open it there to start.',
  confirmed: 'The channel will receive these updates.',
  saved: 'The channel’s choices are saved.',
  stopped: 'Nothing more is posted to this channel.',
  linkInvalid: 'This link is not valid any more. Subscribe the channel again from the trust center.',
  quarantined: 'Posting to this channel failed repeatedly, so it is paused. Staff can resume it.',
} as const;

export const ChannelView = z.object({
  id: z.string().uuid(),
  kind: ChannelKind,
  urlHint: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed', 'quarantined']),
  categories: z.array(z.string()).nullable(),
  productNames: z.array(z.string()).nullable(),
  consecutiveFailures: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  lastDeliveredAt: z.string().nullable(),
});
export type ChannelView = z.infer<typeof ChannelView>;
export const ChannelList = z.object({ channels: z.array(ChannelView) });
export type ChannelList = z.infer<typeof ChannelList>;
export const ChannelParams = z.object({ channelId: z.string().uuid() });
