import { eq } from 'drizzle-orm';
import type { UpdateCategory } from '../../shared/updates';
import type { Database } from '../db/client';
import { products, subscribers, topics, topicUpdates } from '../db/schema';
import { type DemoCalendar, dated, demoCalendar, demoStoryDaysAgo } from './demo-calendar';

const dayMs = 24 * 60 * 60 * 1000;

type DemoTopic = {
  subject: string;
  category: UpdateCategory;
  daysAgo: number;
  isPinned?: boolean;
  /** The slug of the product the topic concerns; none: the whole organisation. */
  product?: string;
  /** Follow-ups, oldest first, each `days` after the first update. */
  updates: Array<{ message: string; days?: number; audience?: 'public' | 'private'; hours?: number }>;
};

/** A year of updates across every category: one pinned, one from the last hours, a few private ones. */
const demoTopics: DemoTopic[] = [
  {
    subject: 'New SOC 2 Type II report available',
    category: 'compliance',
    daysAgo: demoStoryDaysAgo.socReportPublished,
    isPinned: true,
    updates: [
      {
        message:
          'Our **SOC 2 Type II** report from Schellman, covering {socPeriod}, is available. The opinion is unqualified and no exceptions were noted.\n\nSigned-in customers can download it from the *Reports* card.',
      },
    ],
  },
  {
    subject: 'Scheduled maintenance of the payroll API',
    category: 'general',
    daysAgo: 0,
    updates: [
      {
        message:
          'On Saturday between 02:00 and 04:00 UTC the payroll API answers read requests only. No action is needed.',
        hours: 3,
      },
    ],
  },
  {
    subject: 'ISO/IEC 27001:2022 transition completed',
    category: 'compliance',
    daysAgo: demoStoryDaysAgo.isoTransition,
    updates: [
      {
        message:
          'BSI moved our certification to **ISO/IEC 27001:2022**. The badge is on the *Certifications* card; signed-in customers find the certificate on the *Reports* card.',
      },
    ],
  },
  {
    subject: 'OpenSSL vulnerability (CVE-{cveYear}-0001) assessment',
    category: 'vulnerabilities',
    daysAgo: demoStoryDaysAgo.opensslAssessment,
    updates: [
      {
        message:
          'We are assessing the OpenSSL advisory published today. No customer action is needed at this time.',
      },
      {
        message:
          'All load balancers and services were patched within 24 hours. We found no sign of exploitation.',
        days: 1,
      },
    ],
  },
  {
    subject: 'Degraded performance of payslip exports',
    category: 'incidents',
    product: 'payroll',
    daysAgo: 210,
    updates: [
      { message: 'Payslip exports are slower than usual. We are investigating.' },
      {
        message:
          'A database index was rebuilt; exports are back to normal speed.\n\n- Start: 09:12 UTC\n- End: 10:47 UTC',
        days: 0,
      },
      {
        message:
          'Root cause analysis for affected customers: the detailed timeline is in the shared incident report.',
        days: 3,
        audience: 'private',
      },
    ],
  },
  {
    subject: 'New subprocessor: SendGrid for transactional e-mail',
    category: 'subprocessors',
    daysAgo: 180,
    updates: [
      {
        message:
          'From next month we send transactional e-mail through **Twilio SendGrid** (United States), under the Standard Contractual Clauses. See the [subprocessor list](https://acme.example/subprocessors).',
      },
    ],
  },
  {
    subject: 'Annual penetration test completed',
    category: 'vulnerabilities',
    daysAgo: demoStoryDaysAgo.penTestCompleted,
    updates: [
      {
        message:
          'NCC Group completed our annual penetration test of the Acme Payroll and Acme HR applications. There were no critical or high findings; both medium findings are fixed and re-tested.',
      },
      {
        message: 'Signed-in customers can download the penetration test summary from the *Documents* card.',
        days: 2,
        audience: 'private',
      },
    ],
  },
  {
    subject: 'GDPR data processing addendum updated',
    category: 'compliance',
    daysAgo: 120,
    updates: [{ message: 'The DPA now includes the 2021 Standard Contractual Clauses and the UK addendum.' }],
  },
  {
    subject: 'Login outage for single sign-on users',
    category: 'incidents',
    daysAgo: 75,
    updates: [
      { message: 'Users signing in with SAML cannot log in. Password sign-in works.' },
      { message: 'Resolved: an expired signing certificate was replaced. Duration 38 minutes.', days: 0 },
    ],
  },
  {
    subject: 'Subprocessor removed: legacy analytics provider',
    category: 'subprocessors',
    daysAgo: 60,
    updates: [
      { message: 'We no longer use our former analytics provider; all data held by it was deleted.' },
    ],
  },
  {
    subject: 'Security awareness programme results',
    category: 'general',
    daysAgo: 20,
    updates: [
      {
        message:
          "Every employee completed this year's security awareness training; the phishing simulation click rate fell to 2.1%.",
        audience: 'private',
      },
    ],
  },
  {
    subject: 'HIPAA assessment of Acme Benefits renewed',
    category: 'compliance',
    daysAgo: 8,
    updates: [
      {
        message:
          'The independent assessment of the HIPAA safeguards of Acme Benefits has been renewed for another year.',
      },
    ],
  },
];

const demoSubscribers = [
  'dana@customer.example',
  'lee@prospect.example',
  'sam@partner.example',
  'kim@auditor.example',
];

/** Trust updates and a few confirmed subscribers for the demo organisation. */
export async function seedDemoUpdates(
  db: Database,
  options: { organisationId: string; adminId: string; calendar?: DemoCalendar },
): Promise<void> {
  const calendar = options.calendar ?? demoCalendar();
  const now = calendar.seededAt.getTime();
  const productRows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(eq(products.organisationId, options.organisationId));
  const productIds = new Map(productRows.map((row) => [row.slug, row.id]));
  for (const demo of dated(demoTopics, calendar)) {
    const startedAt = now - demo.daysAgo * dayMs;
    const [topic] = await db
      .insert(topics)
      .values({
        organisationId: options.organisationId,
        subject: demo.subject,
        category: demo.category,
        productId: demo.product ? (productIds.get(demo.product) ?? null) : null,
        isPinned: demo.isPinned ?? false,
        createdByStaffUserId: options.adminId,
        createdAt: new Date(startedAt - (demo.updates[0]?.hours ?? 0) * 3_600_000),
        updatedAt: new Date(startedAt),
      })
      .returning({ id: topics.id });
    await db.insert(topicUpdates).values(
      demo.updates.map((update, index) => ({
        organisationId: options.organisationId,
        topicId: topic!.id,
        message: update.message,
        audience: update.audience ?? ('public' as const),
        onStatusPage: true,
        createdByStaffUserId: options.adminId,
        // Follow-ups a few hours apart on the same day, so the order holds within a topic.
        createdAt: new Date(
          startedAt + (update.days ?? 0) * dayMs + index * 3 * 3_600_000 - (update.hours ?? 0) * 3_600_000,
        ),
      })),
    );
  }
  await db.insert(subscribers).values(
    demoSubscribers.map((email) => ({
      organisationId: options.organisationId,
      email,
      source: 'subscribe_button',
      status: 'confirmed' as const,
      confirmedAt: new Date(now - 30 * dayMs),
      createdAt: new Date(now - 30 * dayMs),
    })),
  );
}
