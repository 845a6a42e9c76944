import { describe, expect, it } from 'vitest';
import { updateLimits, updateMessages } from '../../../../shared/update-texts';
import {
  audienceIssues,
  defaultPublishValues,
  type PublishValues,
  serverIssues,
  validatePublish,
} from './publish-form';

const valid: PublishValues = {
  ...defaultPublishValues,
  subject: 'SOC 2 Type II report available',
  category: 'compliance',
  message: 'The **2025** report is ready.',
};
const create = { kind: 'create' } as const;
const add = { kind: 'add', topicId: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001', subject: 'SOC 2' } as const;
const issuesOf = (values: Partial<PublishValues>, mode: typeof create | typeof add = create) =>
  validatePublish(mode, { ...valid, ...values }).issues;

describe('publish form validation (contract rules, spec 3 §5)', () => {
  it('accepts a complete topic and sends the contract payload', () => {
    const result = validatePublish(create, valid);
    expect(result.isValid).toBe(true);
    expect(result.payload).toMatchObject({
      subject: 'SOC 2 Type II report available',
      category: 'compliance',
      channels: { statusPage: true, statusPageAudience: 'public', email: { enabled: false, audience: [] } },
    });
  });

  it('requires a subject, at most 200 characters', () => {
    expect(issuesOf({ subject: '   ' }).subject).toBe(updateMessages.subjectRequired);
    expect(issuesOf({ subject: 'x'.repeat(updateLimits.subjectMaxLength + 1) }).subject).toBe(
      updateMessages.subjectTooLong,
    );
  });

  it('requires a category from the enumeration', () => {
    expect(issuesOf({ category: '' }).category).toBe(updateMessages.categoryRequired);
    expect(issuesOf({ category: 'marketing' as PublishValues['category'] }).category).toBe(
      updateMessages.categoryInvalid,
    );
  });

  it('requires a message, within the length limit', () => {
    expect(issuesOf({ message: '' }).message).toBe(updateMessages.messageRequired);
    expect(issuesOf({ message: 'x'.repeat(updateLimits.messageMaxLength + 1) }).message).toBe(
      updateMessages.messageTooLong,
    );
  });

  it('requires at least one channel', () => {
    expect(issuesOf({ statusPage: false, emailEnabled: false }).channels).toBe(
      updateMessages.channelRequired,
    );
    expect(
      issuesOf({ statusPage: false, emailEnabled: true, emailSubscribers: true }).channels,
    ).toBeUndefined();
  });

  it('requires an e-mail audience when the e-mail channel is on', () => {
    expect(
      issuesOf({ emailEnabled: true, emailSubscribers: false, emailAudience: [] })['channels.email.audience'],
    ).toBe(updateMessages.emailAudienceRequired);
    expect(
      issuesOf({ emailEnabled: true, emailSubscribers: false, emailAudience: ['ada@customer.example'] }),
    ).toEqual({});
  });

  it('names each invalid and each repeated address, with its position', () => {
    const issues = issuesOf({
      emailEnabled: true,
      emailSubscribers: false,
      emailAudience: ['ada@customer.example', 'not-an-address', 'ada@customer.example'],
    });
    expect(issues['channels.email.audience.1']).toBe(updateMessages.emailInvalid('not-an-address'));
    expect(issues['channels.email.audience.2']).toBe(updateMessages.emailDuplicate('ada@customer.example'));
    expect(audienceIssues(issues)).toEqual({
      messages: ['"not-an-address" is not a valid email', '"ada@customer.example" has already been added'],
      indexes: new Set([1, 2]),
    });
  });

  it('limits the number of listed addresses', () => {
    const emailAudience = Array.from(
      { length: updateLimits.audienceMaxAddresses + 1 },
      (_, i) => `p${i}@x.example`,
    );
    expect(issuesOf({ emailEnabled: true, emailAudience })['channels.email.audience']).toBe(
      updateMessages.tooManyAddresses,
    );
  });

  it('refuses to e-mail a private update to all subscribers', () => {
    expect(
      issuesOf({ statusPageAudience: 'private', emailEnabled: true, emailSubscribers: true })[
        'channels.email.subscribers'
      ],
    ).toBe(updateMessages.privateToSubscribers);
  });

  it('ignores the choices of a switched-off e-mail channel', () => {
    const result = validatePublish(create, { ...valid, emailEnabled: false, emailAudience: ['junk'] });
    expect(result.isValid).toBe(true);
  });

  it('needs only the message and channels to add an update to a topic', () => {
    const result = validatePublish(add, { ...defaultPublishValues, message: 'Follow-up' });
    expect(result.isValid).toBe(true);
    expect(result.payload).not.toHaveProperty('subject');
    expect(issuesOf({ message: '' }, add)).toEqual({ message: updateMessages.messageRequired });
  });

  it("maps the server's field keys to the form's paths", () => {
    expect(serverIssues({ 'body.channels.email.audience.0': 'bad', 'body.subject': 'too long' })).toEqual({
      'channels.email.audience.0': 'bad',
      subject: 'too long',
    });
  });
});
