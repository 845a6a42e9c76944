import type { Config } from '../config';
import {
  inviteMail,
  ndaReceiptMail,
  renewalReceivedMail,
  requestDeclinedMail,
  requestReceivedMail,
  signInMail,
  staffReviewMail,
} from '../modules/access/mails';
import { accessEndingMail, accessExtendedMail, accessRevokedMail } from '../modules/accounts/account-mails';
import { memberCommentedMail, staffRepliedMail } from '../modules/comments/mails';
import { mailBrand } from '../modules/mail/branded/mail-brand';
import type { MailContent } from '../modules/mail/branded/mail-content';
import type { MailOrganisation } from '../modules/mail/branded/queue-branded-mail';
import { type RenderedMail, renderBrandedMail } from '../modules/mail/branded/render-branded-mail';
import { testEmailMail } from '../modules/mail/send-test-email';
import { digestMail } from '../modules/notifications/staff-digest';
import { questionnaireSubmittedMail } from '../modules/questionnaires/mails';
import { subscriptionConfirmationMail } from '../modules/subscriptions/subscribe-to-updates';
import { composeUpdateMail, personaliseUpdateMail, updateMailReason } from '../modules/updates/update-mail';

export type GalleryMail = {
  name: string;
  mail: RenderedMail;
  /** The links the mail exists for, each of which both parts must carry. */
  links: string[];
  unsubscribeUrl?: string;
};

const publicUrl = 'https://trust.acme.example';
const galleryRequestIds = [
  '0b5e3c1a-6d2f-4c8e-9a71-2f4d8b6e1c01',
  '0b5e3c1a-6d2f-4c8e-9a71-2f4d8b6e1c02',
] as const;
const config = { publicUrl } satisfies Pick<Config, 'publicUrl'>;
const signInLink = `${publicUrl}/api/statuspage/share/acme/sign-in?token=G7n3kQ0bYdXwz1sPq8VvT2hLmE4aRcJ9uFo6iNyKx5A`;
const inviteLink = `${publicUrl}/acme?requestAccess=true&source=invite&inviteToken=eyJhbGciOiJIUzI1NiJ9.e30.sig`;
const confirmLink = `${publicUrl}/acme/subscribe/confirm?token=eyJhbGciOiJIUzI1NiJ9.e30.confirm`;
const unsubscribeLink = `${publicUrl}/acme?unsubscribeToken=eyJhbGciOiJIUzI1NiJ9.e30.unsub`;
const topicLink = `${publicUrl}/acme?tcuUid=5b1f4c1e-8d44-4f43-9d5e-0f3f1f0b6a11`;
const until = new Date('2027-03-12T10:00:00Z');
const moreTimeLink = `${publicUrl}/api/statuspage/share/acme/request-more-time?token=eyJhbGciOiJIUzI1NiJ9.e30.more`;

/** An organisation as mails see it; the accent and logo vary so tests and screenshots cover both. */
export function galleryOrganisation(overrides: Partial<MailOrganisation> = {}): MailOrganisation {
  return {
    id: '6f1b0e2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
    slug: 'acme',
    name: 'Acme Cloud',
    customisation: { portalTitle: 'Trust Center', accentColor: '#4338ca' },
    logoAssetId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    revision: 7,
    ...overrides,
  };
}

/** Every mail the product sends, composed by the functions the product uses, with sample data. */
export async function renderMailGallery(organisation = galleryOrganisation()): Promise<GalleryMail[]> {
  const brand = mailBrand(config, organisation);
  const portal = `${publicUrl}/acme`;
  const contents: Array<{ name: string; content: MailContent; links: string[] }> = [
    {
      name: 'subscription-confirmation',
      content: subscriptionConfirmationMail(organisation, {
        confirmUrl: confirmLink,
        unsubscribeUrl: unsubscribeLink,
      }),
      links: [confirmLink],
    },
    {
      name: 'sign-in',
      content: signInMail(config, organisation, { firstName: 'Ada' }, 'login', signInLink),
      links: [signInLink, portal],
    },
    {
      name: 'access-approved',
      content: signInMail(config, organisation, { firstName: 'Ada' }, 'approved', signInLink, {
        until,
        permissionProfileName: 'Auditors',
      }),
      links: [signInLink, portal],
    },
    { name: 'access-request-received', content: requestReceivedMail(organisation, 'Ada'), links: [] },
    { name: 'access-renewal-received', content: renewalReceivedMail(organisation, 'Ada'), links: [] },
    {
      name: 'nda-receipt',
      content: ndaReceiptMail(config, organisation, {
        firstName: 'Ada',
        signerName: 'Ada Lovelace',
        email: 'ada@globex.example',
        companyName: 'Globex Corporation',
        ndaTitle: 'Mutual Non-Disclosure Agreement',
        ndaSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        acceptedAt: new Date('2026-11-02T09:41:00Z'),
      }),
      links: [portal],
    },
    {
      name: 'access-request-staff-review',
      content: staffReviewMail(
        config,
        organisation,
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@engines.example',
          companyName: 'Analytical Engines',
          isExtension: false,
        },
        galleryRequestIds[0],
      ),
      links: [`${publicUrl}/console/access-requests?request=${galleryRequestIds[0]}`],
    },
    {
      name: 'access-declined',
      content: requestDeclinedMail(organisation, {
        firstName: 'Ada',
        reason: 'We only share with customers.',
        declinedBy: 'organisation',
      }),
      links: [],
    },
    {
      name: 'access-extended',
      content: accessExtendedMail(config, organisation, {
        firstName: 'Ada',
        accountName: 'Analytical Engines',
        until,
      }),
      links: [portal],
    },
    {
      name: 'access-ending',
      content: accessEndingMail(config, organisation, {
        firstName: 'Ada',
        accountName: 'Analytical Engines',
        until,
        moreTimeUrl: moreTimeLink,
      }),
      links: [moreTimeLink],
    },
    {
      name: 'access-extension-declined',
      content: requestDeclinedMail(organisation, {
        firstName: 'Ada',
        reason: 'The audit is over.',
        declinedBy: 'organisation',
        isExtension: true,
      }),
      links: [],
    },
    {
      name: 'access-revoked',
      content: accessRevokedMail(config, organisation, {
        firstName: 'Ada',
        accountName: 'Analytical Engines',
      }),
      links: [portal],
    },
    {
      name: 'invite',
      content: inviteMail(organisation, {
        inviter: 'Ada Lovelace',
        inviterEmail: 'ada@engines.example',
        accountName: 'Analytical Engines',
        message: 'Have a look at their SOC 2 report before Friday.\nThanks!',
        link: inviteLink,
        isColleague: true,
      }),
      links: [inviteLink],
    },
    {
      name: 'invite-outside-company',
      content: inviteMail(organisation, {
        inviter: 'Ada Lovelace',
        inviterEmail: 'ada@engines.example',
        accountName: 'Analytical Engines',
        message: null,
        link: inviteLink,
        isColleague: false,
      }),
      links: [inviteLink],
    },
    {
      name: 'comment-to-staff',
      content: memberCommentedMail(config, organisation, {
        memberName: 'Ada Lovelace',
        accountName: 'Analytical Engines',
        itemTitle: 'Encryption at rest',
        content: 'Is this AES-256 for backups too?',
      }),
      links: [`${publicUrl}/console/comments`],
    },
    {
      name: 'comment-answered',
      content: staffRepliedMail(config, organisation, {
        firstName: 'Ada',
        itemTitle: 'Encryption at rest',
        content: 'Yes, AES-256, backups included.',
        itemUid: 'c0ffee00-1111-4222-8333-444455556666',
      }),
      links: [`${portal}?itemUid=c0ffee00-1111-4222-8333-444455556666`],
    },
    {
      name: 'questionnaire-to-staff',
      content: questionnaireSubmittedMail(config, organisation, {
        memberName: 'Ada Lovelace',
        accountName: 'Analytical Engines',
        what: 'a link, https://forms.example.com/q/123',
      }),
      links: [`${publicUrl}/console/questionnaires`],
    },
    {
      name: 'staff-digest',
      content: digestMail(config, organisation, {
        delivery: 'daily',
        since: new Date('2027-03-11T00:00:00Z'),
        total: 3,
        requests: [
          {
            id: galleryRequestIds[0],
            name: 'Ada Lovelace',
            email: 'ada@engines.example',
            companyName: 'Analytical Engines',
            products: 'Acme Cloud',
            createdAt: new Date('2027-03-11T09:12:00Z'),
          },
          {
            id: galleryRequestIds[1],
            name: 'Grace Hopper',
            email: 'grace@cobol.example',
            companyName: '',
            products: 'Acme Cloud, Acme Edge',
            createdAt: new Date('2027-03-11T16:40:00Z'),
          },
        ],
      }),
      links: [
        ...galleryRequestIds.map((id) => `${publicUrl}/console/access-requests?request=${id}`),
        `${publicUrl}/console/access-requests`,
      ],
    },
    { name: 'test-email', content: testEmailMail('Peter Gibbons', organisation.name, publicUrl), links: [] },
  ];
  const rendered: GalleryMail[] = await Promise.all(
    contents.map(async ({ name, content, links }) => ({
      name,
      mail: await renderBrandedMail(brand, content),
      links,
      unsubscribeUrl: content.unsubscribeUrl,
    })),
  );
  const manageLink = unsubscribeLink.replace('?unsubscribeToken=', '/subscription?token=');
  const update = await composeUpdateMail({
    brand,
    topicSubject: 'SOC 2 Type II report for 2026 available',
    category: 'compliance',
    message:
      'Our **SOC 2 Type II** report for 2026 is available to approved accounts.\n\n- No exceptions noted\n- Covers security and availability\n\nQuestions? Read the [FAQ](https://trust.acme.example/acme?faq=soc2).',
    topicUrl: topicLink,
  });
  rendered.push({
    name: 'update',
    mail: personaliseUpdateMail(update, {
      unsubscribeUrl: unsubscribeLink,
      manageUrl: manageLink,
      reason: updateMailReason({ categories: ['compliance', 'incidents'], productNames: null }),
    }),
    links: [topicLink, manageLink],
    unsubscribeUrl: unsubscribeLink,
  });
  return rendered;
}
