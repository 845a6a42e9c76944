import { type ChannelKind, channelKindLabels, channelMessages } from '../../../shared/channels';
import type { ChoiceGroup } from '../../../shared/page';
import { followedCategoriesLabel, subscriptionChoiceMessages } from '../../../shared/subscriptions';
import type { UpdateCategory } from '../../../shared/update-texts';
import type { ActionPageContent } from '../../render/action-page';

/** A refused post comes back as a key, never as text in the address. */
export const channelRefusals = {
  urlRequired: channelMessages.urlRequired,
  urlInvalid: channelMessages.urlInvalid,
  urlNotHttps: channelMessages.urlNotHttps,
  urlRefused: channelMessages.urlRefused,
  chooseOne: subscriptionChoiceMessages.chooseOne,
  chooseProduct: subscriptionChoiceMessages.chooseProduct,
  linkInvalid: channelMessages.linkInvalid,
  kind: 'Choose Slack or Microsoft Teams',
  failed: 'That did not work. Try again.',
} as const;
export type ChannelRefusal = keyof typeof channelRefusals;
export const channelRefusalKeys = Object.keys(channelRefusals) as [ChannelRefusal, ...ChannelRefusal[]];

export function channelRefusalOf(message: string): ChannelRefusal {
  return channelRefusalKeys.find((key) => channelRefusals[key] === message) ?? 'failed';
}

const channelNotices = {
  sent: channelMessages.sent,
  confirmed: channelMessages.confirmed,
  saved: channelMessages.saved,
  stopped: channelMessages.stopped,
} as const;
export type ChannelDone = keyof typeof channelNotices;
export const channelDoneKeys = Object.keys(channelNotices) as [ChannelDone, ...ChannelDone[]];

type PageBase = {
  organisationName: string;
  portalPath: string;
  done?: ChannelDone | undefined;
  error?: ChannelRefusal | undefined;
};

function base(input: PageBase, heading: string) {
  return {
    title: heading,
    heading,
    back: { href: input.portalPath, label: `Back to ${input.organisationName}` },
    ...(input.done ? { notice: channelNotices[input.done] } : {}),
    ...(input.error ? { error: channelRefusals[input.error] } : {}),
  };
}

/** The form a visitor fills to have a chat channel receive the updates. */
export function channelSubscribePage(
  input: PageBase & { actionPath: string; choices: ChoiceGroup[] },
): ActionPageContent {
  return {
    ...base(input, 'Post updates to a chat channel'),
    text: `${input.organisationName}’s trust updates can be posted to a Slack or Microsoft Teams channel. Create an incoming webhook for the channel, paste its address here, then confirm from the message we post there.`,
    form: {
      action: input.actionPath,
      fields: { choices: '1' },
      button: 'Send a confirmation to the channel',
      radios: {
        legend: 'The channel is in',
        name: 'kind',
        options: (['slack', 'teams'] as const).map((kind) => ({
          value: kind,
          label: channelKindLabels[kind],
        })),
      },
      input: {
        name: 'url',
        label: 'Incoming-webhook address',
        type: 'url',
        hint: 'It is kept sealed and only used to post these updates; remove it any time from a posted message.',
      },
      choices: input.choices,
    },
  };
}

export function channelConfirmPage(
  input: PageBase & { actionPath: string; token: string | null; urlHint: string | null },
): ActionPageContent {
  if (!input.token || !input.urlHint)
    return { ...base(input, 'Confirm the channel'), text: channelMessages.linkInvalid, form: null };
  return {
    ...base(input, 'Confirm the channel'),
    text: `Post ${input.organisationName}’s trust updates to the channel at ${input.urlHint}?`,
    form: { action: input.actionPath, fields: { token: input.token }, button: 'Confirm' },
  };
}

export function channelManagePage(
  input: PageBase & {
    actionPath: string;
    token: string;
    channel: {
      kind: ChannelKind;
      urlHint: string;
      status: string;
      categories: UpdateCategory[] | null;
      productNames: string[] | null;
    } | null;
    choices: ChoiceGroup[];
  },
): ActionPageContent {
  const page = base(input, 'Updates in this channel');
  const { channel } = input;
  if (!channel) return { ...page, text: channelMessages.linkInvalid, form: null };
  const facts = [
    { label: 'Channel', value: `${channelKindLabels[channel.kind]}, ${channel.urlHint}` },
    { label: 'It receives', value: followedCategoriesLabel(channel.categories, channel.productNames) },
  ];
  if (channel.status === 'unsubscribed') return { ...page, text: channelMessages.stopped, facts, form: null };
  return {
    ...page,
    text:
      channel.status === 'quarantined'
        ? channelMessages.quarantined
        : `${input.organisationName}’s trust updates are posted to this channel. Choose what it receives.`,
    facts,
    form: {
      action: input.actionPath,
      fields: { token: input.token },
      button: 'Save choices',
      intent: 'save',
      choices: input.choices,
      alternatives: [{ intent: 'stop', label: 'Stop posting here' }],
    },
  };
}
