import { and, eq, inArray } from 'drizzle-orm';
import { companyDisplay } from '../../shared/company-catalogue';
import { type RiskAnswer, riskAnswerError, riskQuestionOfKey } from '../../shared/risk-profile-catalogue';
import type { Company } from '../../shared/specialised-cards';
import type { Database } from '../db/client';
import {
  integrationConnections,
  items,
  productOverviews,
  riskProfileAnswers,
  securityGrades,
  subprocessors,
  trustedByCompanies,
} from '../db/schema';
import { type DemoCalendar, demoCalendar } from './demo-calendar';

type Product = { id: string; organisationId: string };

/** The cards seed keeps a question's answer in `type`; custom times there read like 'hours_4'. */
function answerFromType(type: string | null): RiskAnswer | null {
  if (!type) return null;
  const custom = /^(minutes|hours|days)_(\d{1,2})$/.exec(type);
  if (custom)
    return { choice: 'custom', unit: custom[1] as 'minutes' | 'hours' | 'days', number: Number(custom[2]) };
  return { choice: type };
}

const grades: Record<string, { url?: string; grade: string; enable?: boolean }> = {
  'security-grades.security-scorecard': { url: 'acme.example', grade: 'A' },
  'security-grades.bitsight': { url: 'acme.example', grade: '760', enable: true },
  'security-grades.upguard': { url: 'acme.example', grade: '812', enable: true },
  'security-grades.riskrecon': { grade: '8.7', enable: true },
  'security-grades.ssl-labs': {
    url: 'https://www.ssllabs.com/ssltest/analyze.html?d=app.acme.example',
    grade: 'A+',
  },
  'security-grades.security-headers': { url: 'https://securityheaders.com/?q=app.acme.example', grade: 'A' },
  'security-grades.mozilla-observatory': {
    url: 'https://observatory.mozilla.org/analyze/app.acme.example',
    grade: 'B+',
    enable: true,
  },
};

const subprocessorRows: {
  company: Company;
  purpose: string;
  location: string;
  additionalDetails?: string;
}[] = [
  {
    company: { source: 'addendum', companyId: 'aws' },
    purpose: 'Cloud hosting and storage',
    location: 'Germany, United States',
  },
  {
    company: { source: 'addendum', companyId: 'cloudflare' },
    purpose: 'Content delivery, web application firewall and DDoS protection',
    location: 'Global',
  },
  {
    company: { source: 'addendum', companyId: 'datadog' },
    purpose: 'Infrastructure monitoring and logs',
    location: 'European Union',
  },
  {
    company: { source: 'addendum', companyId: 'stripe' },
    purpose: 'Subscription billing',
    location: 'United States',
    additionalDetails: 'Processes billing contacts only; never employee payroll data.',
  },
  {
    company: { source: 'addendum', companyId: 'sendgrid' },
    purpose: 'Transactional e-mail',
    location: 'United States',
  },
  {
    company: { source: 'addendum', companyId: 'zendesk' },
    purpose: 'Customer support tickets',
    location: 'European Union',
  },
  {
    company: { source: 'addendum', companyId: 'okta' },
    purpose: 'Employee single sign-on',
    location: 'United States',
  },
  {
    company: { source: 'custom', name: 'Plaid' },
    purpose: 'Bank account verification',
    location: 'United States',
    additionalDetails: 'Used only when a customer turns on instant bank verification.',
  },
];

const trustedBy: Company[] = [
  { source: 'custom', name: 'Globex Corporation' },
  { source: 'custom', name: 'Initech' },
  { source: 'custom', name: 'Umbrella Health' },
  { source: 'custom', name: 'Stark Logistics' },
  { source: 'custom', name: 'Wayne Retail' },
  { source: 'custom', name: 'Hooli' },
];

/** Risk answers, grades, trusted-by companies, subprocessors and the overview of the demo products. */
export async function seedDemoSpecialisedCards(
  db: Database,
  input: {
    organisationId: string;
    payrollProductId: string;
    hrProductId: string;
    otherProductIds: string[];
    calendar?: DemoCalendar;
  },
): Promise<void> {
  const calendar = input.calendar ?? demoCalendar();
  const { organisationId } = input;
  const productIds = [input.payrollProductId, ...input.otherProductIds];
  const questions = await db
    .select()
    .from(items)
    .where(and(inArray(items.productId, productIds), eq(items.cardKind, 'RiskProfile')));
  const answers = questions.flatMap((item) => {
    const question = riskQuestionOfKey(item.catalogueKey);
    const answer = answerFromType(item.itemType);
    return question && answer && !riskAnswerError(question, answer)
      ? [{ itemId: item.id, organisationId, answer }]
      : [];
  });
  if (answers.length > 0) await db.insert(riskProfileAnswers).values(answers);

  const payroll: Product = { id: input.payrollProductId, organisationId };
  const gradeItems = await db
    .select()
    .from(items)
    .where(and(eq(items.productId, payroll.id), inArray(items.catalogueKey, Object.keys(grades))));
  for (const item of gradeItems) {
    const entry = grades[item.catalogueKey!]!;
    if (entry.enable) await db.update(items).set({ enabledState: 'Enabled' }).where(eq(items.id, item.id));
    await db.insert(securityGrades).values({
      itemId: item.id,
      organisationId,
      label: item.title,
      url: entry.url ?? '',
      grade: entry.grade,
    });
  }

  // Acme HR's Legal card says it shares Payroll's subprocessors except Plaid, so its table lists them.
  const hrRows = subprocessorRows.filter((row) => companyDisplay(row.company).name !== 'Plaid');
  await db.insert(subprocessors).values(
    [
      ...subprocessorRows.map((row) => ({ ...row, productId: payroll.id })),
      ...hrRows.map((row) => ({ ...row, productId: input.hrProductId })),
    ].map((row, index) => ({
      organisationId,
      ...row,
      additionalDetails: row.additionalDetails ?? '',
      // Distinct creation times keep the seeded order stable.
      createdAt: calendar.daysAgo(700 - index),
    })),
  );
  await db
    .insert(trustedByCompanies)
    .values(
      trustedBy.map((company, position) => ({ organisationId, productId: payroll.id, position, company })),
    );
  await db.insert(productOverviews).values({
    organisationId,
    productId: payroll.id,
    body:
      'Acme Payroll runs payroll, tax filings and payslips for 4,000 companies in Europe and North America.\n' +
      'Security is part of how we build: every change is reviewed, every secret is encrypted, and an independent auditor checks our controls each year.',
  });
  // Demo connections point at nothing that answers (no API credentials, a .example host): the
  // editor shows them connected with the temporary error, and visitors' widgets stay hidden.
  await db.insert(integrationConnections).values([
    {
      organisationId,
      productId: payroll.id,
      kind: 'hackerone',
      link: 'https://hackerone.com/acme',
      externalId: 'acme',
    },
    {
      organisationId,
      productId: payroll.id,
      kind: 'statuspage',
      link: 'https://status.acme.example',
      externalId: 'https://status.acme.example',
    },
  ]);
}
