import type { CardKind } from './card-kinds';
import { certificationCatalogue } from './certification-catalogue';
import { riskProfileQuestionKeys } from './risk-profile-catalogue';
import { securityGradeProviders } from './security-grade-catalogue';

export { riskProfileQuestionKeys };

/**
 * The built-in items each card offers: what a SaaS trust center typically lists. Every product gets
 * them as NotEnabled rows; staff switch on what applies. Keys are stable and unique across cards,
 * because an item keeps its key when it is moved to another card.
 */
export type CatalogueItem = {
  key: string;
  title: string;
  explanation: string;
  /** Restricted by default (content behind access) — reports and similar evidence. */
  isPublic: boolean;
};

type Entry = [slug: string, title: string, explanation: string, isPublic?: boolean];

function card(prefix: string, entries: Entry[]): CatalogueItem[] {
  return entries.map(([slug, title, explanation, isPublic = true]) => ({
    key: `${prefix}.${slug}`,
    title,
    explanation,
    isPublic,
  }));
}

export const itemCatalogue: Record<CardKind, CatalogueItem[]> = {
  RiskProfile: card('risk-profile', [
    ['data-access', 'Data access', 'The most sensitive level of customer data the service can access.'],
    ['impact', 'Impact', 'The impact on customers if the service were compromised or unavailable.'],
    ['recovery-time', 'Recovery time objective', 'How quickly the service is restored after an outage.'],
    ['recovery-point', 'Recovery point objective', 'How much data, measured in time, could be lost.'],
    [
      'critical-dependence',
      'Critical dependence',
      'Whether customers depend on the service for critical operations.',
    ],
    [
      'third-party-dependence',
      'Third-party dependence',
      'Whether the service depends on third parties to deliver its core function.',
    ],
    ['hosting', 'Hosting', 'Where the service is hosted: major cloud, on premise, or a combination.'],
  ]),
  ProductFeatures: card('product-features', [
    [
      'sso',
      'Single sign-on (SSO)',
      'Customers can require sign-in through their SAML or OIDC identity provider.',
    ],
    [
      'mfa',
      'Multi-factor authentication',
      'Users can protect their accounts with TOTP apps or security keys.',
    ],
    [
      'rbac',
      'Role-based access control',
      'Administrators grant each user only the permissions their role needs.',
    ],
    ['audit-logging', 'Audit logging', 'Every administrative action is recorded and can be exported.'],
    ['scim', 'SCIM provisioning', 'Users are created and removed automatically from the identity provider.'],
    [
      'session-management',
      'Session management',
      'Administrators set session lifetimes and can end sessions.',
    ],
    ['ip-allowlisting', 'IP allow-listing', 'Access can be limited to the customer’s own network ranges.'],
    ['data-export', 'Data export', 'Customers can export their data in open formats at any time.'],
  ]),
  Reports: card('reports', [
    [
      'soc-2-type-2',
      'SOC 2 Type II report',
      'Independent auditor’s report on our security controls over a 12-month period.',
      false,
    ],
    [
      'soc-1-type-2',
      'SOC 1 Type II report',
      'Auditor’s report on controls relevant to customers’ financial reporting.',
      false,
    ],
    ['soc-3', 'SOC 3 report', 'The public summary of our SOC 2 examination.'],
    [
      'penetration-test',
      'Penetration test report',
      'Summary of the latest independent penetration test and its remediation.',
      false,
    ],
    [
      'iso-27001-certificate',
      'ISO 27001 certificate',
      'Our ISO/IEC 27001 certificate and statement of applicability.',
      false,
    ],
    ['hipaa-assessment', 'HIPAA assessment', 'Third-party assessment of our HIPAA safeguards.', false],
    [
      'pci-aoc',
      'PCI DSS attestation of compliance',
      'Attestation of compliance signed by our qualified security assessor.',
      false,
    ],
    [
      'vulnerability-scan',
      'Vulnerability scan summary',
      'Results of our most recent external vulnerability scans.',
      false,
    ],
  ]),
  Questionnaires: card('questionnaires', [
    [
      'caiq',
      'CAIQ',
      'Our answers to the Cloud Security Alliance Consensus Assessments Initiative Questionnaire.',
      false,
    ],
    [
      'sig-lite',
      'SIG Lite',
      'Our completed Standardized Information Gathering (SIG Lite) questionnaire.',
      false,
    ],
    [
      'sig-core',
      'SIG Core',
      'Our completed Standardized Information Gathering (SIG Core) questionnaire.',
      false,
    ],
    ['hecvat', 'HECVAT', 'Our completed Higher Education Community Vendor Assessment Toolkit.', false],
    ['vsa', 'VSA questionnaire', 'Our completed Vendor Security Alliance questionnaire.', false],
  ]),
  DataSecurity: card('data-security', [
    [
      'encryption-at-rest',
      'Encryption at rest',
      'Customer data is encrypted at rest with AES-256; keys are managed in a cloud KMS.',
    ],
    [
      'encryption-in-transit',
      'Encryption in transit',
      'All traffic is encrypted with TLS 1.2 or higher; HSTS is enforced.',
    ],
    [
      'data-backups',
      'Data backups',
      'Databases are backed up continuously and tested for restoration regularly.',
    ],
    [
      'data-erasure',
      'Data erasure',
      'Customer data is deleted within 30 days of contract termination on request.',
    ],
    [
      'data-segregation',
      'Data segregation',
      'Each customer’s data is logically separated and access is checked on every request.',
    ],
    ['key-management', 'Key management', 'Encryption keys are rotated yearly and access to them is logged.'],
    ['data-masking', 'Data masking', 'Sensitive fields are masked in logs and non-production environments.'],
    ['data-retention', 'Data retention', 'Data is kept only as long as the contract and the law require.'],
  ]),
  ApplicationSecurity: card('application-security', [
    [
      'responsible-disclosure',
      'Responsible disclosure',
      'Security researchers can report vulnerabilities to us; we respond within two business days.',
    ],
    ['bug-bounty', 'Bug bounty program', 'We reward researchers who report valid vulnerabilities.'],
    ['code-review', 'Code review', 'Every change is reviewed by a second engineer before it is merged.'],
    ['sast', 'Static code analysis', 'Code is scanned for vulnerabilities on every pull request.'],
    [
      'dependency-scanning',
      'Software composition analysis',
      'Third-party dependencies are scanned for known vulnerabilities daily.',
    ],
    [
      'secure-sdlc',
      'Secure development lifecycle',
      'Security requirements and threat modelling are part of every feature’s design.',
    ],
    [
      'credential-management',
      'Credential management',
      'Secrets are stored in a vault, never in source code.',
    ],
    [
      'penetration-testing',
      'Penetration testing',
      'An independent firm tests the application at least once a year.',
    ],
  ]),
  Ai: card('ai', [
    [
      'ai-data-usage',
      'Customer data not used for training',
      'Customer data is never used to train models shared with other customers.',
    ],
    ['ai-providers', 'AI model providers', 'The AI providers we use and the data each one receives.'],
    ['ai-opt-out', 'AI feature opt-out', 'Administrators can switch AI features off for their organisation.'],
    [
      'ai-governance',
      'AI governance',
      'AI features are reviewed for privacy, bias and security before release.',
    ],
    [
      'ai-human-review',
      'Human oversight',
      'AI suggestions are reviewed by a person before they take effect.',
    ],
  ]),
  Esg: card('esg', [
    ['carbon-footprint', 'Carbon footprint', 'We measure and report our greenhouse-gas emissions yearly.'],
    [
      'renewable-hosting',
      'Renewable-powered hosting',
      'Our cloud regions are matched with renewable energy.',
    ],
    ['code-of-conduct', 'Code of conduct', 'Every employee signs our code of business conduct.'],
    [
      'modern-slavery',
      'Modern slavery statement',
      'Our statement on preventing modern slavery in our supply chain.',
    ],
    [
      'diversity',
      'Diversity and inclusion',
      'Our commitments and yearly figures on diversity and inclusion.',
    ],
  ]),
  Legal: card('legal', [
    [
      'subprocessors',
      'Subprocessors',
      'The third parties that process customer data on our behalf, and where.',
    ],
    ['dpa', 'Data processing agreement', 'Our standard data processing agreement, including the EU SCCs.'],
    ['terms-of-service', 'Terms of service', 'The terms that govern the use of our services.'],
    ['privacy-policy', 'Privacy policy', 'How we collect, use and protect personal data.'],
    ['sla', 'Service level agreement', 'Our uptime commitment and the service credits that back it.'],
    ['cookie-policy', 'Cookie policy', 'The cookies our websites and applications use.'],
    [
      'baa',
      'Business associate agreement',
      'The HIPAA business associate agreement we sign with covered entities.',
      false,
    ],
  ]),
  DataPrivacy: card('data-privacy', [
    ['gdpr', 'GDPR', 'We comply with the EU General Data Protection Regulation as a processor.'],
    ['ccpa', 'CCPA', 'We meet the California Consumer Privacy Act’s service-provider obligations.'],
    [
      'data-subject-requests',
      'Data subject requests',
      'We help customers answer access, correction and deletion requests.',
    ],
    [
      'data-residency',
      'Data residency',
      'Customers choose whether their data is stored in the EU or the US.',
    ],
    ['privacy-by-design', 'Privacy by design', 'New features go through a privacy review before release.'],
    ['dpo', 'Data protection officer', 'Our data protection officer can be reached at privacy@ our domain.'],
    [
      'international-transfers',
      'International transfers',
      'Transfers outside the EEA rely on the EU Standard Contractual Clauses.',
    ],
  ]),
  AccessControl: card('access-control', [
    [
      'employee-sso',
      'Single sign-on for employees',
      'Employees sign in to every internal system through our identity provider.',
    ],
    [
      'employee-mfa',
      'Multi-factor authentication for employees',
      'Phishing-resistant MFA is required for all employees.',
    ],
    [
      'least-privilege',
      'Least privilege',
      'Employees get only the access their role needs; production access is time-limited.',
    ],
    ['access-reviews', 'Quarterly access reviews', 'Managers review every employee’s access each quarter.'],
    ['offboarding', 'Timely offboarding', 'Access is removed within 24 hours of an employee leaving.'],
    [
      'password-policy',
      'Password policy',
      'Passwords meet NIST 800-63B guidance and are stored in a password manager.',
    ],
    [
      'privileged-access',
      'Privileged access management',
      'Administrative access goes through a bastion and is recorded.',
    ],
  ]),
  Infrastructure: card('infrastructure', [
    [
      'status-monitoring',
      'Status monitoring',
      'Our public status page shows the live health of every service.',
    ],
    [
      'cloud-provider',
      'Cloud hosting provider',
      'The service runs on a major cloud provider in SOC 2 and ISO 27001 audited data centres.',
    ],
    [
      'high-availability',
      'High availability',
      'Services run in several availability zones with automatic failover.',
    ],
    [
      'ddos-protection',
      'DDoS protection',
      'Traffic passes through a global edge network that absorbs attacks.',
    ],
    [
      'infrastructure-as-code',
      'Infrastructure as code',
      'All infrastructure is defined in code, reviewed and versioned.',
    ],
    [
      'separate-environments',
      'Separate environments',
      'Production is isolated from development and testing.',
    ],
    ['capacity-monitoring', 'Capacity monitoring', 'Capacity is monitored and scaled before it runs short.'],
  ]),
  EndpointSecurity: card('endpoint-security', [
    [
      'edr',
      'Endpoint detection and response',
      'Every company laptop runs EDR software monitored around the clock.',
    ],
    ['disk-encryption', 'Disk encryption', 'Laptops use full-disk encryption enforced by device management.'],
    ['mdm', 'Mobile device management', 'Devices are enrolled in MDM and can be locked or wiped remotely.'],
    [
      'os-updates',
      'Operating system updates',
      'Security updates are installed automatically within 14 days.',
    ],
    ['antivirus', 'Anti-malware', 'Anti-malware protection is active on all endpoints.'],
  ]),
  NetworkSecurity: card('network-security', [
    ['firewalls', 'Firewalls', 'Network access is denied by default and opened only where needed.'],
    [
      'waf',
      'Web application firewall',
      'A WAF filters malicious requests before they reach the application.',
    ],
    ['ids', 'Intrusion detection', 'Network traffic is monitored for signs of intrusion.'],
    [
      'network-segmentation',
      'Network segmentation',
      'Databases are reachable only from the application’s private network.',
    ],
    [
      'vpn',
      'Zero-trust access',
      'Internal tools are reached through an identity-aware proxy, never the open internet.',
    ],
  ]),
  InternalPractices: card('internal-practices', [
    [
      'background-checks',
      'Background checks',
      'Employees are background-checked before they join, where the law allows.',
    ],
    [
      'confidentiality-agreements',
      'Confidentiality agreements',
      'Every employee and contractor signs a confidentiality agreement.',
    ],
    [
      'security-team',
      'Dedicated security team',
      'A dedicated team led by our CISO owns the security program.',
    ],
    [
      'vendor-management',
      'Vendor risk management',
      'Vendors are reviewed for security before we use them, and yearly after.',
    ],
    ['acceptable-use', 'Acceptable use', 'Employees follow our acceptable use policy for company systems.'],
    ['internal-audit', 'Internal audits', 'We audit our own controls between external audits.'],
  ]),
  Policies: card('policies', [
    [
      'information-security-policy',
      'Information security policy',
      'The policy that sets out our security program and who owns it.',
      false,
    ],
    [
      'acceptable-use-policy',
      'Acceptable use policy',
      'Rules for the use of company systems and data.',
      false,
    ],
    [
      'access-control-policy',
      'Access control policy',
      'How access is requested, approved, reviewed and removed.',
      false,
    ],
    [
      'incident-response-policy',
      'Incident response policy',
      'How we detect, handle and report security incidents.',
      false,
    ],
    [
      'business-continuity-policy',
      'Business continuity policy',
      'How we keep the service running through disruptions.',
      false,
    ],
    [
      'data-classification-policy',
      'Data classification policy',
      'How data is classified and handled at each level.',
      false,
    ],
    ['vendor-management-policy', 'Vendor management policy', 'How we assess and monitor our vendors.', false],
    [
      'encryption-policy',
      'Encryption policy',
      'Where and how we use encryption, and how keys are managed.',
      false,
    ],
  ]),
  SecurityGrades: securityGradeProviders.map((provider) => ({
    key: `security-grades.${provider.slug}`,
    title: provider.displayName,
    explanation: provider.explanation,
    isPublic: true,
  })),
  IncidentResponse: card('incident-response', [
    [
      'incident-response-plan',
      'Incident response plan',
      'A documented plan with roles, severities and escalation paths.',
    ],
    [
      'breach-notification',
      'Breach notification',
      'Affected customers are notified within 72 hours of a confirmed breach.',
    ],
    ['on-call', '24/7 on-call', 'Engineers are on call around the clock to respond to alerts.'],
    [
      'incident-exercises',
      'Incident response exercises',
      'We rehearse the plan with tabletop exercises twice a year.',
    ],
    [
      'post-mortems',
      'Post-incident reviews',
      'Every significant incident gets a blameless review and follow-up actions.',
    ],
  ]),
  RiskManagement: card('risk-management', [
    [
      'risk-assessment',
      'Annual risk assessment',
      'We assess security risks yearly and track their treatment.',
    ],
    ['risk-register', 'Risk register', 'Risks are recorded with an owner, a rating and a treatment plan.'],
    [
      'third-party-risk',
      'Third-party risk',
      'Critical vendors are assessed before onboarding and reviewed each year.',
    ],
    ['cyber-insurance', 'Cyber insurance', 'We hold cyber liability insurance.'],
  ]),
  AssetManagement: card('asset-management', [
    [
      'asset-inventory',
      'Asset inventory',
      'Hardware, software and cloud resources are tracked in an inventory.',
    ],
    [
      'data-classification',
      'Data classification',
      'Data is labelled by sensitivity and handled accordingly.',
    ],
    [
      'media-disposal',
      'Secure disposal',
      'Retired devices are wiped or destroyed with a certificate of destruction.',
    ],
    [
      'software-inventory',
      'Software inventory',
      'Only approved software may be installed on company devices.',
    ],
  ]),
  BusinessContinuity: card('business-continuity', [
    [
      'bcp',
      'Business continuity plan',
      'Our plan to keep operating through a major disruption, tested yearly.',
    ],
    ['disaster-recovery', 'Disaster recovery', 'We can restore the service in another region from backups.'],
    [
      'dr-testing',
      'Disaster recovery testing',
      'Recovery is exercised at least once a year and the results reviewed.',
    ],
    ['uptime', 'Uptime', 'Our uptime over the last twelve months, as shown on the status page.'],
  ]),
  AwarenessTraining: card('awareness-training', [
    [
      'security-training',
      'Security awareness training',
      'Every employee completes security training when they join and yearly.',
    ],
    [
      'phishing-simulations',
      'Phishing simulations',
      'Regular simulated phishing campaigns keep employees alert.',
    ],
    [
      'secure-coding-training',
      'Secure coding training',
      'Engineers are trained on the OWASP Top 10 every year.',
    ],
    ['privacy-training', 'Privacy training', 'Employees who handle personal data receive privacy training.'],
  ]),
  ChangeConfigurationManagement: card('change-management', [
    ['change-approval', 'Change approval', 'Production changes are reviewed and approved before deployment.'],
    ['ci-cd', 'Automated deployments', 'Changes ship through an automated pipeline with tests and checks.'],
    [
      'configuration-baselines',
      'Configuration baselines',
      'Systems are built from hardened, versioned baselines.',
    ],
    ['rollback', 'Rollback', 'Every deployment can be rolled back quickly.'],
    [
      'emergency-changes',
      'Emergency changes',
      'Urgent fixes follow a documented procedure and are reviewed afterwards.',
    ],
  ]),
  PhysicalEnvironmental: card('physical-security', [
    [
      'data-centre-security',
      'Data centre security',
      'Our cloud provider’s data centres have guarded, badge-controlled access.',
    ],
    ['office-security', 'Office security', 'Offices use badge access, visitor logs and CCTV.'],
    [
      'environmental-controls',
      'Environmental controls',
      'Data centres have fire suppression, cooling and redundant power.',
    ],
    ['clean-desk', 'Clean desk', 'Employees lock screens and keep sensitive papers out of sight.'],
  ]),
  ContinuousMonitoring: card('continuous-monitoring', [
    ['logging', 'Centralised logging', 'Security-relevant logs are collected centrally and kept for a year.'],
    ['siem', 'Security monitoring', 'Alerts from logs and cloud services are triaged around the clock.'],
    [
      'vulnerability-management',
      'Vulnerability management',
      'Vulnerabilities are fixed within defined deadlines by severity.',
    ],
    [
      'compliance-automation',
      'Compliance automation',
      'Controls are monitored continuously by a compliance platform.',
    ],
    [
      'cloud-posture',
      'Cloud security posture',
      'Cloud configuration is checked continuously against benchmarks.',
    ],
  ]),
  Certifications: certificationCatalogue.map((certification) => ({
    key: `certifications.${certification.slug}`,
    title: certification.title,
    explanation: certification.explanation,
    isPublic: true,
  })),
  Overview: [],
  TrustedBy: [],
  Subprocessors: [],
  Documents: [],
  CustomerData: [],
};

/** Items listed first on their card, in this order (spec 2 §4 card-specific priority). */
export const cardItemPriority: Partial<Record<CardKind, readonly string[]>> = {
  ApplicationSecurity: ['application-security.responsible-disclosure'],
  Infrastructure: ['infrastructure.status-monitoring'],
  Legal: ['legal.subprocessors'],
  SecurityGrades: ['security-grades.security-scorecard'],
  RiskProfile: riskProfileQuestionKeys,
};

/** The card a catalogue item belongs to, or null for a custom item or an unknown key. */
export function catalogueHomeOf(key: string | null): CardKind | null {
  if (key === null) return null;
  for (const [kind, entries] of Object.entries(itemCatalogue)) {
    if (entries.some((entry) => entry.key === key)) return kind as CardKind;
  }
  return null;
}

export function catalogueItemByKey(key: string): CatalogueItem | undefined {
  for (const entries of Object.values(itemCatalogue)) {
    const found = entries.find((entry) => entry.key === key);
    if (found) return found;
  }
  return undefined;
}
