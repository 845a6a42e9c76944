import { and, eq } from 'drizzle-orm';
import type { CardKind } from '../../shared/card-kinds';
import type { EnabledState } from '../../shared/cards';
import type { Database } from '../db/client';
import { cards, items, permissionProfileItems, permissionProfiles } from '../db/schema';
import { materialiseCatalogue } from '../modules/cards';
import { type DemoCalendar, dated, demoCalendar } from './demo-calendar';

/** How a demo item is filled: 'restricted' needs access, 'hidden' is restricted and hidden. */
type Fill = {
  state?: EnabledState;
  access?: 'public' | 'restricted' | 'hidden';
  explanation?: string;
  href?: string;
  listEntries?: string[];
  type?: string;
  maturity?: string;
  recurrence?: string;
  auditor?: string;
  expiry?: string;
  slug?: string;
};

type CustomItem = Fill & { card: CardKind; title: string };

const payrollCatalogue: Record<string, Fill> = {
  // Risk profile: the answer's value is kept in `type` (spec 2 §3 answer values).
  'risk-profile.data-access': {
    type: 'restricted',
    explanation:
      'Acme Payroll processes employee names, addresses, tax identifiers, salaries and bank details.',
  },
  'risk-profile.impact': {
    type: 'substantial',
    explanation:
      'An outage on a pay day could delay salaries; a breach would expose sensitive personal data.',
  },
  'risk-profile.recovery-time': {
    type: 'hours_4',
    explanation: 'Our disaster recovery plan restores the service in another region within four hours.',
  },
  'risk-profile.recovery-point': {
    type: 'minutes_15',
    explanation: 'Point-in-time database recovery limits data loss to at most fifteen minutes.',
  },
  'risk-profile.critical-dependence': { type: 'yes', explanation: 'Customers run their payroll on it.' },
  'risk-profile.third-party-dependence': {
    type: 'yes',
    explanation: 'We rely on our cloud provider and on banking partners for payments.',
  },
  'risk-profile.hosting': {
    type: 'major_cloud',
    explanation: 'Hosted on AWS in eu-central-1 and us-east-1.',
  },

  'product-features.sso': {
    explanation: 'Sign in with Okta, Microsoft Entra ID, Google Workspace or any SAML 2.0 provider.',
  },
  'product-features.mfa': { explanation: 'TOTP apps and WebAuthn security keys; admins can require MFA.' },
  'product-features.rbac': {
    explanation:
      'Payroll admin, approver, HR viewer and employee roles; custom roles on the Enterprise plan.',
  },
  'product-features.audit-logging': {
    explanation: 'Every change to pay data and every pay-run approval is logged and exportable to your SIEM.',
  },
  'product-features.scim': {
    state: 'WorkInProgress',
    explanation:
      'SCIM 2.0 provisioning is in beta with selected Enterprise customers; it is not generally available yet.',
  },
  'product-features.ip-allowlisting': { explanation: 'Restrict admin access to your office or VPN ranges.' },
  'product-features.data-export': {
    explanation: 'Export payslips and pay-run data as CSV or PDF at any time.',
  },

  'reports.soc-2-type-2': {
    access: 'restricted',
    explanation:
      'Our SOC 2 Type II report by Schellman covers security, availability and confidentiality for the period {socPeriod}, with an unqualified opinion and no exceptions noted.',
    auditor: 'Schellman',
    recurrence: 'year',
    expiry: '{socExpiry}',
    type: 'SOC 2',
    slug: 'soc-2-report',
  },
  'reports.soc-1-type-2': {
    access: 'restricted',
    explanation:
      'Covers controls over payroll calculation and payments relevant to your financial statements, for the period {socPeriod}.',
    auditor: 'Schellman',
    recurrence: 'year',
    expiry: '{socExpiry}',
    type: 'SOC 1',
  },
  'reports.soc-3': {
    explanation: 'The general-use summary of our SOC 2 examination.',
    href: 'https://acme.example/trust/soc-3.pdf',
  },
  'reports.penetration-test': {
    access: 'restricted',
    explanation:
      'NCC Group tested the Acme Payroll and Acme HR web applications, the public API and the Acme HR mobile app in {penTestMonth}. There were no critical or high findings; both medium findings were fixed within 14 days and verified by a retest.',
    recurrence: 'year',
    auditor: 'NCC Group',
  },
  'reports.iso-27001-certificate': {
    access: 'restricted',
    explanation:
      'Our ISO/IEC 27001:2022 certificate, issued by BSI, and the statement of applicability. The scope covers Acme Payroll and Acme HR.',
    auditor: 'BSI',
  },
  'reports.pci-aoc': {
    access: 'hidden',
    explanation:
      'PCI DSS SAQ A attestation of compliance for the card payments of our service fees, which Stripe processes; self-assessed and signed by our CFO.',
    expiry: '{isoExpiry}',
  },

  'questionnaires.caiq': {
    access: 'restricted',
    explanation: 'CAIQ v4.0.3, completed and reviewed in {caiqMonth}.',
  },
  'questionnaires.sig-lite': {
    access: 'restricted',
    explanation: 'SIG Lite {sigLiteYear}, completed in {sigLiteMonth}.',
  },
  'questionnaires.hecvat': {
    state: 'WorkInProgress',
    access: 'restricted',
    explanation: 'Our HECVAT Lite answers are in review; most of them are already in our knowledge base.',
  },

  'data-security.encryption-at-rest': {
    explanation:
      'Databases, backups and file storage are encrypted with AES-256 using keys held in AWS KMS. Bank account numbers and tax identifiers are additionally encrypted at the field level.',
  },
  'data-security.encryption-in-transit': {
    explanation:
      'TLS 1.2+ everywhere with modern ciphers, HSTS preloading, and TLS between internal services.',
  },
  'data-security.data-backups': {
    explanation:
      'Continuous backups with point-in-time recovery for 35 days, copied to a second region. Restores are tested every quarter.',
    recurrence: 'quarter',
  },
  'data-security.data-erasure': {
    explanation:
      'Customer data is deleted within 30 days after the end of the contract; its backups age out 35 days later.',
  },
  'data-security.data-segregation': {
    explanation:
      'Every query is scoped to the customer’s tenant and checked by automated tests on each release.',
  },
  'data-security.key-management': {
    access: 'restricted',
    explanation: 'Keys rotate automatically every year; changing a key policy needs two-person approval.',
  },
  'data-security.data-masking': {
    state: 'WorkInProgress',
    explanation: 'Masking of salary fields in support tools is being rolled out.',
  },

  'application-security.responsible-disclosure': {
    explanation: 'Report vulnerabilities to security@acme.example. We acknowledge within one business day.',
    href: 'https://acme.example/.well-known/security.txt',
  },
  'application-security.bug-bounty': {
    explanation: 'Our private bug bounty program runs on HackerOne.',
    href: 'https://hackerone.com/acme',
  },
  'application-security.code-review': {
    explanation: 'Two approvals are required for changes to payment code.',
  },
  'application-security.sast': { explanation: 'Semgrep and CodeQL run on every pull request.' },
  'application-security.dependency-scanning': {
    explanation: 'Dependabot and Snyk check dependencies daily.',
  },
  'application-security.secure-sdlc': {
    access: 'restricted',
    explanation:
      'Threat models are written for every feature that touches pay data, and reviewed by the security team.',
  },
  'application-security.penetration-testing': {
    explanation: 'An independent penetration test every year and after major releases.',
    recurrence: 'year',
  },

  'ai.ai-data-usage': { explanation: 'Payroll and employee data is never used to train AI models.' },
  'ai.ai-providers': {
    state: 'WorkInProgress',
    explanation:
      'The payslip assistant, in preview, uses a model hosted in our own AWS account in the EU; prompts and outputs are not retained and never reach a third-party AI provider.',
  },
  'ai.ai-opt-out': { explanation: 'AI features are off until an administrator switches them on.' },

  'esg.carbon-footprint': { explanation: 'Our {lastYear} emissions report follows the GHG Protocol.' },
  'esg.renewable-hosting': { explanation: 'Both AWS regions we use are matched with renewable energy.' },
  'esg.code-of-conduct': { explanation: 'Every employee signs our code of conduct each year.' },

  'legal.subprocessors': {
    explanation:
      'Our subprocessors, with their purpose and location, are listed on the Subprocessors card; customers hear of a new one 30 days before it starts.',
    listEntries: [
      'Amazon Web Services',
      'Cloudflare',
      'Datadog',
      'Stripe',
      'SendGrid',
      'Zendesk',
      'Okta',
      'Plaid',
    ],
  },
  'legal.dpa': {
    explanation: 'Our DPA includes the EU Standard Contractual Clauses and the UK addendum.',
    href: 'https://acme.example/legal/dpa',
  },
  'legal.terms-of-service': {
    href: 'https://acme.example/legal/terms',
    explanation: 'Our terms of service.',
  },
  'legal.privacy-policy': { href: 'https://acme.example/legal/privacy', explanation: 'Our privacy policy.' },
  'legal.sla': { explanation: '99.9% monthly uptime, with service credits.', access: 'restricted' },

  'data-privacy.gdpr': { explanation: 'We act as a processor under GDPR Article 28 for all EU customers.' },
  'data-privacy.ccpa': {
    explanation: 'We are a service provider under the CCPA and do not sell personal information.',
  },
  'data-privacy.data-subject-requests': {
    explanation: 'Admins can export or erase an employee’s data in the app.',
  },
  'data-privacy.data-residency': {
    explanation: 'EU customers’ data stays in Frankfurt; US customers’ in Virginia.',
  },
  'data-privacy.dpo': {
    explanation: 'Our Data Protection Officer, Maria Keller, can be reached at privacy@acme.example.',
  },
  'data-privacy.international-transfers': {
    explanation: 'Transfers rely on the SCCs and the EU-US Data Privacy Framework.',
  },

  'access-control.employee-sso': { explanation: 'All internal systems sit behind Okta.' },
  'access-control.employee-mfa': { explanation: 'Security keys are required for every employee.' },
  'access-control.least-privilege': {
    explanation:
      'Production access is granted just in time, for at most four hours, and approved by a second engineer.',
  },
  'access-control.access-reviews': { explanation: 'Reviewed quarterly.', recurrence: 'quarter' },
  'access-control.offboarding': { explanation: 'Access is removed on the employee’s last working day.' },
  'access-control.privileged-access': {
    access: 'restricted',
    explanation: 'Sessions through Teleport are recorded.',
  },

  'infrastructure.status-monitoring': {
    explanation: 'Live status and incident history for every Acme service.',
    href: 'https://status.acme.example',
  },
  'infrastructure.cloud-provider': { explanation: 'Amazon Web Services, eu-central-1 and us-east-1.' },
  'infrastructure.high-availability': {
    explanation: 'Three availability zones per region with automatic failover.',
  },
  'infrastructure.ddos-protection': {
    explanation: 'Cloudflare in front of every public endpoint, and AWS Shield Standard on the origin.',
  },
  'infrastructure.infrastructure-as-code': { explanation: 'Terraform, reviewed like application code.' },
  'infrastructure.separate-environments': { explanation: 'Production runs in its own AWS accounts.' },

  'endpoint-security.edr': { explanation: 'CrowdStrike Falcon on every laptop, monitored 24/7.' },
  'endpoint-security.disk-encryption': {
    explanation: 'FileVault on Macs and BitLocker on Windows laptops, enforced through MDM.',
  },
  'endpoint-security.mdm': { explanation: 'Every laptop is enrolled in Jamf or Intune.' },
  'endpoint-security.os-updates': { explanation: 'Security updates install within 7 days.' },

  'network-security.firewalls': { explanation: 'Security groups deny by default; changes are reviewed.' },
  'network-security.waf': { explanation: 'Cloudflare WAF with managed and custom rules.' },
  'network-security.network-segmentation': { explanation: 'Databases live in private subnets only.' },
  'network-security.ids': {
    state: 'WorkInProgress',
    explanation: 'AWS GuardDuty is enabled; a network intrusion detection system is being added.',
  },

  'internal-practices.background-checks': {
    explanation: 'Checked before hire in every country where allowed.',
  },
  'internal-practices.confidentiality-agreements': {
    explanation: 'Signed by every employee and contractor.',
  },
  'internal-practices.security-team': {
    explanation: 'Six security engineers led by our CISO, Dana Whitfield.',
  },
  'internal-practices.vendor-management': { explanation: 'Critical vendors are reviewed yearly.' },

  'policies.information-security-policy': {
    access: 'restricted',
    explanation: 'Approved by the board; reviewed yearly.',
    recurrence: 'year',
  },
  'policies.acceptable-use-policy': { access: 'restricted', explanation: 'Signed by every employee.' },
  'policies.access-control-policy': {
    access: 'restricted',
    explanation: 'Last reviewed {accessPolicyReviewed}.',
  },
  'policies.incident-response-policy': {
    access: 'restricted',
    explanation: 'Last reviewed {incidentPolicyReviewed}.',
  },
  'policies.business-continuity-policy': {
    access: 'restricted',
    explanation: 'Last reviewed {continuityPolicyReviewed}.',
  },
  'policies.encryption-policy': { state: 'WorkInProgress', access: 'restricted' },

  'security-grades.security-scorecard': {
    explanation: 'Grade A (95).',
    href: 'https://securityscorecard.com',
  },
  'security-grades.ssl-labs': {
    explanation: 'Grade A+ for app.acme.example.',
    href: 'https://www.ssllabs.com/ssltest/',
  },
  'security-grades.security-headers': { explanation: 'Grade A for app.acme.example.' },

  'incident-response.incident-response-plan': { explanation: 'Tested twice a year with tabletop exercises.' },
  'incident-response.breach-notification': {
    explanation:
      'Affected customers are notified without undue delay and within 48 hours of a confirmed breach.',
  },
  'incident-response.on-call': { explanation: 'Follow-the-sun on-call across Berlin and Austin.' },
  'incident-response.post-mortems': {
    access: 'restricted',
    explanation: 'Summaries shared with affected customers.',
  },

  'risk-management.risk-assessment': { explanation: 'Yearly, aligned with ISO 27005.', recurrence: 'year' },
  'risk-management.risk-register': {
    access: 'restricted',
    explanation: 'Reviewed quarterly by the security steering committee.',
  },
  'risk-management.third-party-risk': { explanation: 'Every subprocessor is assessed before onboarding.' },
  'risk-management.cyber-insurance': { access: 'restricted', explanation: '$10M cyber liability cover.' },

  'asset-management.asset-inventory': { explanation: 'Tracked automatically from Jamf and AWS Config.' },
  'asset-management.data-classification': {
    explanation: 'Four levels: public, internal, confidential, restricted.',
  },
  'asset-management.media-disposal': { explanation: 'Certified wiping and destruction of retired laptops.' },

  'business-continuity.bcp': { explanation: 'Tested yearly, including a pay-day failover drill.' },
  'business-continuity.disaster-recovery': { explanation: 'RTO four hours, RPO fifteen minutes.' },
  'business-continuity.dr-testing': {
    access: 'restricted',
    explanation: 'Last full failover test: {failoverMonth}.',
  },
  'business-continuity.uptime': {
    explanation: '99.98% over the last twelve months.',
    href: 'https://status.acme.example',
  },

  'awareness-training.security-training': {
    explanation: 'At onboarding and every year after.',
    recurrence: 'year',
  },
  'awareness-training.phishing-simulations': {
    explanation: 'Monthly simulated phishing campaigns.',
    recurrence: 'month',
  },
  'awareness-training.secure-coding-training': { explanation: 'Yearly OWASP Top 10 training for engineers.' },

  'change-management.change-approval': {
    explanation: 'Every production change has a reviewed pull request.',
  },
  'change-management.ci-cd': { explanation: 'GitHub Actions with tests, scans and staged roll-outs.' },
  'change-management.rollback': { explanation: 'One-click rollback of any deployment.' },

  'physical-security.data-centre-security': { explanation: 'AWS data centres: see the AWS SOC 2 report.' },
  'physical-security.office-security': { explanation: 'Badge access and visitor logs in Berlin and Austin.' },

  'continuous-monitoring.logging': { explanation: 'Security logs are kept for 12 months.' },
  'continuous-monitoring.siem': {
    explanation: 'Alerts are triaged 24/7 by our MDR partner, who pages our on-call security engineer.',
  },
  'continuous-monitoring.vulnerability-management': {
    explanation: 'Critical vulnerabilities are fixed within 7 days, high within 30.',
  },
  'continuous-monitoring.compliance-automation': {
    explanation: 'Controls are monitored continuously by Vanta.',
  },

  'certifications.soc-2': { auditor: 'Schellman', recurrence: 'year', expiry: '{socExpiry}' },
  'certifications.soc-1': { auditor: 'Schellman', recurrence: 'year' },
  'certifications.iso-27001': {
    auditor: 'BSI',
    explanation: 'Our information security management system is certified to ISO/IEC 27001:2022.',
  },
  'certifications.iso-27701': {
    state: 'WorkInProgress',
    auditor: 'BSI',
    explanation: 'We are preparing our privacy information management system for its certification audit.',
  },
  'certifications.gdpr': {},
  'certifications.ccpa': {},
  'certifications.pci-dss': {
    access: 'restricted',
    expiry: '{isoExpiry}',
    explanation:
      'Card payments of our service fees go through Stripe; we validate with PCI DSS SAQ A every year.',
  },
};

const payrollCustom: CustomItem[] = [
  {
    card: 'DataSecurity',
    title: 'Field-level encryption of bank details',
    explanation:
      'Bank account numbers are encrypted with a per-customer key and shown only to payroll admins.',
  },
  {
    card: 'ProductFeatures',
    title: 'Four-eyes approval of pay runs',
    explanation: 'A pay run can only be released after a second approver confirms it.',
  },
  {
    card: 'Reports',
    title: 'Payroll tax filing controls review',
    type: 'Other',
    access: 'hidden',
    explanation: 'Independent review of our tax filing controls for enterprise customers, {lastYear}.',
    auditor: 'Deloitte',
  },
  {
    card: 'Legal',
    title: 'Enterprise security addendum',
    access: 'restricted',
    explanation: 'Our standard security addendum for enterprise agreements.',
  },
  {
    card: 'Reports',
    title: 'ISO 27701 certificate',
    type: 'Other',
    state: 'WorkInProgress',
    access: 'restricted',
    explanation: 'The certificate for our privacy information management system, once BSI has audited it.',
  },
  {
    card: 'IncidentResponse',
    title: 'Pay-day incident hotline',
    state: 'WorkInProgress',
    explanation: 'A dedicated phone line for incidents on pay days.',
  },
];

const hrCatalogue: Record<string, Fill> = {
  'risk-profile.data-access': {
    type: 'restricted',
    explanation: 'Employee records and performance reviews.',
  },
  'risk-profile.impact': { type: 'moderate' },
  'risk-profile.hosting': { type: 'major_cloud', explanation: 'AWS eu-central-1 and us-east-1.' },
  'product-features.sso': { explanation: 'SAML and OIDC single sign-on.' },
  'product-features.mfa': { explanation: 'TOTP and security keys.' },
  'product-features.rbac': { explanation: 'Manager, HR admin and employee roles.' },
  'reports.soc-2-type-2': {
    access: 'restricted',
    explanation: 'Acme HR is in scope of our SOC 2 Type II report.',
    auditor: 'Schellman',
  },
  'data-security.encryption-at-rest': { explanation: 'AES-256 with keys in AWS KMS.' },
  'data-security.encryption-in-transit': { explanation: 'TLS 1.2 or higher.' },
  'data-security.data-backups': {
    explanation: 'Continuous backups with point-in-time recovery for 35 days, copied to a second region.',
  },
  'application-security.responsible-disclosure': { explanation: 'Report issues to security@acme.example.' },
  'infrastructure.status-monitoring': { href: 'https://status.acme.example', explanation: 'Live status.' },
  'legal.subprocessors': {
    explanation:
      'Acme HR shares the subprocessors of Acme Payroll except Plaid: Amazon Web Services, Cloudflare, Datadog, Stripe, SendGrid, Zendesk and Okta.',
  },
  'legal.dpa': { href: 'https://acme.example/legal/dpa', explanation: 'Our standard DPA.' },
  'data-privacy.gdpr': { explanation: 'Processor under GDPR Article 28.' },
  'certifications.soc-2': { auditor: 'Schellman' },
  'certifications.gdpr': {},
  'certifications.iso-27001': { auditor: 'BSI' },
};

const hrCustom: CustomItem[] = [
  {
    card: 'ProductFeatures',
    title: 'Private performance reviews',
    explanation: 'Reviews are visible only to the employee, their manager and HR.',
  },
];

/** Acme Benefits (beta) is the only product that handles health data, so HIPAA applies to it alone. */
const benefitsCatalogue: Record<string, Fill> = {
  'risk-profile.data-access': {
    type: 'restricted',
    explanation: 'Benefit elections and health plan enrolment data, which is protected health information.',
  },
  'certifications.hipaa': {
    recurrence: 'year',
    explanation: 'An independent assessor reviews the HIPAA safeguards of Acme Benefits every year.',
  },
  'reports.hipaa-assessment': {
    access: 'restricted',
    recurrence: 'year',
    explanation: 'The latest independent assessment of the HIPAA safeguards of Acme Benefits.',
  },
  'legal.baa': {
    access: 'restricted',
    explanation: 'We sign a business associate agreement (BAA) with every Acme Benefits customer.',
  },
  'data-security.encryption-at-rest': {
    explanation: 'AES-256 with keys in AWS KMS; health data is also encrypted at the field level.',
  },
};

function rowValues(fill: Fill, adminId: string, modifiedAt: Date) {
  const access = fill.access ?? 'public';
  return {
    enabledState: fill.state ?? ('Enabled' as EnabledState),
    isPublic: access === 'public',
    isHidden: access === 'hidden',
    ...(fill.explanation !== undefined ? { explanation: fill.explanation } : {}),
    href: fill.href ?? null,
    listEntries: fill.listEntries ?? [],
    itemType: fill.type ?? null,
    maturity: fill.maturity ?? null,
    recurrence: fill.recurrence ?? null,
    auditor: fill.auditor ?? null,
    expiresOn: fill.expiry ?? null,
    customUrlSlug: fill.slug ?? null,
    modifiedAt,
    modifiedByStaffUserId: adminId,
  };
}

async function fillProduct(
  db: Database,
  product: { id: string; organisationId: string },
  adminId: string,
  datedCatalogue: Record<string, Fill>,
  datedCustom: CustomItem[],
  calendar: DemoCalendar,
): Promise<string[]> {
  await materialiseCatalogue(db, product.id);
  const catalogue = dated(datedCatalogue, calendar);
  const custom = dated(datedCustom, calendar);
  const hiddenItemIds: string[] = [];
  const base = calendar.daysAgo(270).getTime();
  let step = 0;
  const nextDate = () => new Date(base + step++ * 7 * 3600 * 1000);
  for (const [key, fill] of Object.entries(catalogue)) {
    const [row] = await db
      .update(items)
      .set(rowValues(fill, adminId, nextDate()))
      .where(and(eq(items.productId, product.id), eq(items.catalogueKey, key)))
      .returning({ id: items.id });
    if (!row) throw new Error(`the catalogue has no item ${key}`);
    if (fill.access === 'hidden') hiddenItemIds.push(row.id);
  }
  for (const item of custom) {
    const [row] = await db
      .insert(items)
      .values({
        organisationId: product.organisationId,
        productId: product.id,
        cardKind: item.card,
        title: item.title,
        explanation: '',
        ...rowValues(item, adminId, nextDate()),
      })
      .returning({ id: items.id });
    if (item.access === 'hidden') hiddenItemIds.push(row!.id);
  }
  return hiddenItemIds;
}

/**
 * Cards of the demo: Acme Payroll with every card filled (a mix of states and access levels, custom
 * items, a hidden ESG card) and a profile 'Enterprise customers' that unlocks the hidden items;
 * lighter content for Acme HR and Acme Benefits.
 */
export async function seedDemoCards(
  db: Database,
  input: {
    organisationId: string;
    adminId: string;
    payrollProductId: string;
    hrProductId: string;
    benefitsProductId: string;
    calendar?: DemoCalendar;
  },
): Promise<void> {
  const { organisationId, adminId } = input;
  const calendar = input.calendar ?? demoCalendar();
  const payroll = { id: input.payrollProductId, organisationId };
  const hiddenItemIds = await fillProduct(db, payroll, adminId, payrollCatalogue, payrollCustom, calendar);
  await fillProduct(db, { id: input.hrProductId, organisationId }, adminId, hrCatalogue, hrCustom, calendar);
  await fillProduct(
    db,
    { id: input.benefitsProductId, organisationId },
    adminId,
    benefitsCatalogue,
    [],
    calendar,
  );

  await db
    .update(cards)
    .set({ isHidden: true })
    .where(and(eq(cards.productId, payroll.id), eq(cards.kind, 'Esg')));
  await db
    .update(cards)
    .set({ displayText: 'Security reports from our independent auditors' })
    .where(and(eq(cards.productId, payroll.id), eq(cards.kind, 'Reports')));
  await db
    .update(cards)
    .set({ placeholder: 'We are preparing our questionnaire answers. Ask us for them in the meantime.' })
    .where(and(eq(cards.productId, input.hrProductId), eq(cards.kind, 'Questionnaires')));

  const [profile] = await db
    .insert(permissionProfiles)
    .values({ organisationId, name: 'Enterprise customers' })
    .returning();
  await db
    .insert(permissionProfileItems)
    .values(hiddenItemIds.map((itemId) => ({ permissionProfileId: profile!.id, itemId })));
}
