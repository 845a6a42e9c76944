import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { knowledgeBaseEntries, organisations } from '../db/schema';
import { type DemoCalendar, dated, demoCalendar } from './demo-calendar';

type Level = 'public' | 'restricted' | 'internal';
type Source = 'manual' | 'questionnaire' | 'status_page';
/** question, answer, access level, and optionally comment, source, source name, favourite. */
type Entry = [
  string,
  string,
  Level,
  { comment?: string; source?: Source; name?: string; favorite?: boolean }?,
];

const q = (name: string) => ({ source: 'questionnaire' as const, name });
const sig = q('SIG Lite {sigLiteYear}');
const caiq = q('CAIQ v4');
const hecvat = q('HECVAT Lite');
const vsa = q('VSA Core');

/** Answers a security team gives every week, by domain; each one written as the demo company would. */
const entries: Entry[] = [
  // Compliance and audits
  [
    'Do you have a SOC 2 Type II report?',
    'Yes. Acme Cloud completes a SOC 2 Type II audit every year covering the Security, Availability and Confidentiality criteria. The current report, by Schellman, covers {socPeriod} and is available under NDA from the Trust Center.',
    'public',
    { favorite: true },
  ],
  [
    'Who performs your SOC 2 audit?',
    'Our SOC 2 auditor is Schellman & Company, LLC, an independent licensed CPA firm.',
    'public',
    sig,
  ],
  [
    'Can we get a bridge letter for the SOC 2 gap period?',
    'Yes. A bridge letter covering the period between the end of the last audit period and today can be downloaded from the Reports card.',
    'public',
  ],
  [
    'Are you ISO 27001 certified?',
    'Yes. Our information security management system is certified to ISO/IEC 27001:2022 by BSI. The badge is on the Certifications card, and signed-in customers can download the certificate from the Reports card.',
    'public',
    { favorite: true },
  ],
  [
    'What is the scope of your ISO 27001 certificate?',
    'The scope covers the development, operation and support of the Acme Payroll and Acme HR platforms, including all production infrastructure and the Berlin and Austin offices.',
    'public',
    caiq,
  ],
  [
    'Are you ISO 27701 certified?',
    'Not yet. We are extending our ISO 27001 certification to ISO/IEC 27701 for privacy information management, and BSI’s certification audit is planned.',
    'public',
  ],
  [
    'Are you PCI DSS compliant?',
    'Yes, as a merchant. Card payments of our service fees are processed by Stripe, a PCI DSS Level 1 service provider, so cardholder data never reaches our systems; we validate our compliance with PCI DSS SAQ A every year, and enterprise customers can see the attestation.',
    'public',
    sig,
  ],
  [
    'Do you comply with HIPAA?',
    'Acme Payroll and Acme HR do not process protected health information. Acme Benefits does: we sign a Business Associate Agreement (BAA) with its customers, and an independent assessor reviews its HIPAA safeguards every year.',
    'public',
  ],
  [
    'Do you sign a BAA?',
    'Yes, for Acme Benefits customers. Contact your account manager to request our Business Associate Agreement.',
    'restricted',
  ],
  [
    'Have you had any qualified opinions or exceptions in your last SOC 2 report?',
    'No. The last SOC 2 Type II report, for {socPeriod}, has an unqualified opinion and no exceptions were noted.',
    'restricted',
    { comment: 'Share only with the report under NDA.' },
  ],
  [
    'Do you have a SOC 1 report?',
    'Yes. A SOC 1 Type II report from Schellman covering payroll processing controls, for the same period as our SOC 2 report, is available for customers that rely on us for financial reporting.',
    'public',
  ],
  [
    'Do you complete the CAIQ?',
    'Yes. Our CAIQ v4 self-assessment is published in the CSA STAR registry and can be downloaded from the Questionnaires card.',
    'public',
    caiq,
  ],
  ['Is Acme Cloud listed in the CSA STAR registry?', 'Yes, at STAR Level 1 (self-assessment).', 'public'],
  [
    'Do you have a FedRAMP authorisation?',
    'No. Acme Cloud does not currently serve US federal agencies and does not hold a FedRAMP authorisation.',
    'public',
  ],
  [
    'When is your next external audit?',
    'Our current SOC 2 Type II period ends on {nextSocPeriodEnd} and its fieldwork starts in {nextSocFieldworkMonth}; BSI’s ISO 27001 surveillance audit follows in {isoSurveillanceMonth}.',
    'restricted',
  ],
  [
    'Which internal audit findings are still open?',
    'Two low-risk findings are open: vendor review evidence for two minor suppliers, due next quarter, and tabletop documentation for the Austin office.',
    'internal',
    { comment: 'Do not share externally.' },
  ],
  // Encryption and keys
  [
    'Is customer data encrypted at rest?',
    'Yes. All customer data is encrypted at rest with AES-256, including databases, file storage and backups. Encryption keys are managed in AWS KMS.',
    'public',
    { favorite: true },
  ],
  [
    'Is data encrypted in transit?',
    'Yes. All traffic is encrypted with TLS 1.2 or higher; TLS 1.0 and 1.1 are disabled. HSTS is enabled on every public domain.',
    'public',
    { favorite: true },
  ],
  [
    'How are encryption keys managed?',
    'Keys are generated and stored in AWS KMS hardware security modules. Key use is logged in CloudTrail and restricted to the services that need it.',
    'public',
    caiq,
  ],
  [
    'How often are encryption keys rotated?',
    'Customer data keys are rotated automatically every year. TLS certificates are renewed every 60 days.',
    'public',
  ],
  [
    'Do you support customer-managed keys (BYOK)?',
    'Enterprise customers can bring their own key through AWS KMS cross-account grants. Revoking the grant makes the customer data unreadable.',
    'restricted',
  ],
  [
    'Which TLS cipher suites do you support?',
    'We support ECDHE-based AEAD cipher suites (AES-GCM and ChaCha20-Poly1305) only. Our SSL Labs rating is A+.',
    'public',
    hecvat,
  ],
  [
    'Are backups encrypted?',
    'Yes. Backups are encrypted with AES-256 using keys separate from production keys.',
    'public',
  ],
  [
    'Are passwords hashed?',
    'User passwords are hashed with Argon2id with per-user salts. We never store passwords in plain text.',
    'public',
  ],
  [
    'Who can access the KMS root keys?',
    'Only the two members of the platform security team hold the break-glass role for KMS key policy changes; every use pages the CISO.',
    'internal',
  ],
  // Identity and access
  [
    'Do you support single sign-on (SSO)?',
    'Yes. Customers can sign in with SAML 2.0 or OpenID Connect through any standard identity provider such as Okta, Microsoft Entra ID or Google Workspace.',
    'public',
    { favorite: true },
  ],
  [
    'Do you support SCIM provisioning?',
    'Not yet generally available. SCIM 2.0 provisioning is in beta with selected Enterprise customers; ask your account manager to join the beta.',
    'public',
  ],
  [
    'Do you support multi-factor authentication for customer users?',
    'Yes. Customer administrators can require MFA for all users, with TOTP authenticator apps or WebAuthn security keys.',
    'public',
  ],
  [
    'Is MFA enforced for employees?',
    'Yes. Every employee signs in through our identity provider with phishing-resistant multi-factor authentication (FIDO2 security keys).',
    'public',
    sig,
  ],
  [
    'How is access to production granted?',
    'Production access is granted just in time through an approval workflow, limited to four hours, and logged. Only on-call engineers are eligible.',
    'public',
  ],
  [
    'How often are user access reviews performed?',
    'Access to production systems and critical SaaS tools is reviewed quarterly by system owners; leavers lose access on their last working day.',
    'public',
    vsa,
  ],
  [
    'How quickly is access removed when an employee leaves?',
    'Access is revoked automatically through the HR system and identity provider on the last working day, and verified within 24 hours.',
    'public',
  ],
  [
    'Do you use role-based access control?',
    'Yes. Access is role-based and follows least privilege, both in the product (customer roles) and internally (engineering roles).',
    'public',
  ],
  [
    'Can customers restrict access by IP address?',
    'Yes. Enterprise customers can restrict sign-in to allowed IP ranges.',
    'public',
  ],
  [
    'What are your password requirements?',
    'Passwords need at least 12 characters and are checked against known breached passwords. There is no forced periodic rotation, following NIST SP 800-63B.',
    'public',
    hecvat,
  ],
  [
    'Do you have session timeouts?',
    'Sessions expire after 12 hours, or earlier when the customer administrator sets a shorter idle timeout.',
    'public',
  ],
  [
    'Which employees can access customer data?',
    'Only support and engineering staff with a documented need, after customer consent for support cases. Every access is logged and reviewed.',
    'restricted',
  ],
  [
    'Who holds the AWS root account credentials?',
    'The AWS root credentials are in a sealed envelope in the Berlin office safe, with the MFA device held separately by the CTO.',
    'internal',
  ],
  // Application security
  [
    'Do you perform penetration tests?',
    'Yes. An independent firm performs a penetration test of the application and infrastructure every year and after major releases. An executive summary is available under NDA.',
    'public',
    { favorite: true },
  ],
  [
    'Who performed your last penetration test?',
    'The last penetration test was performed by NCC Group in {penTestMonth}. There were no critical or high findings, and both medium findings were fixed within 14 days and re-tested.',
    'restricted',
  ],
  [
    'Can we see your full penetration test report?',
    'We share the executive summary and remediation letter under NDA. The full report is not shared to protect the details of our environment.',
    'restricted',
  ],
  [
    'Can customers run their own penetration tests?',
    'Yes, with at least two weeks notice and an agreed scope. Contact security@acme.example to schedule.',
    'public',
  ],
  [
    'Do you have a bug bounty programme?',
    'Yes. We run a private bug bounty programme on HackerOne and accept reports from anyone at security@acme.example under our vulnerability disclosure policy.',
    'public',
  ],
  [
    'Do you follow a secure software development lifecycle?',
    'Yes. Every change is peer reviewed, tested automatically, scanned with static analysis and dependency scanning, and deployed through the CI/CD pipeline only.',
    'public',
    caiq,
  ],
  [
    'Do you scan dependencies for vulnerabilities?',
    'Yes. Dependencies are scanned on every build; critical vulnerabilities block the release and are patched within 7 days.',
    'public',
  ],
  [
    'Do developers receive secure coding training?',
    'Yes. Engineers complete secure coding training (OWASP Top 10) when they join and every year.',
    'public',
  ],
  [
    'How do you protect against the OWASP Top 10?',
    'We use parameterised queries, output encoding, a strict Content Security Policy, CSRF tokens, and automated security tests covering the OWASP Top 10.',
    'public',
    hecvat,
  ],
  [
    'Do you use a web application firewall?',
    'Yes. A web application firewall and DDoS protection from Cloudflare sit in front of every public endpoint.',
    'public',
  ],
  [
    'What are your vulnerability remediation timelines?',
    'Critical vulnerabilities are fixed within 7 days, high within 30 days, medium within 90 days.',
    'public',
    sig,
  ],
  [
    'Are there any open high-severity vulnerabilities?',
    'One high-severity finding in an internal admin tool is being remediated; it is not reachable from the internet and is due this month.',
    'internal',
  ],
  [
    'Do you perform code review?',
    'Yes. Every change to production code needs approval from a second engineer; the repository enforces it.',
    'public',
  ],
  [
    'Are production changes separated from development?',
    'Yes. Development, staging and production run in separate AWS accounts; engineers cannot deploy outside the pipeline.',
    'public',
  ],
  // Infrastructure and network
  [
    'Where is customer data hosted?',
    'Customer data is hosted on Amazon Web Services in the EU (Frankfurt, eu-central-1) for EU customers and in the US (Virginia, us-east-1) for US customers.',
    'public',
    { favorite: true },
  ],
  [
    'Can customers choose the data region?',
    'Yes. Customers choose the EU or US region when their account is created; data stays in that region.',
    'public',
  ],
  [
    'Do you use a cloud provider or your own data centres?',
    'We run entirely on Amazon Web Services and do not operate our own data centres.',
    'public',
  ],
  [
    'How is the network segmented?',
    'Production runs in private subnets across three availability zones; only load balancers are internet-facing. Security groups allow only required traffic.',
    'public',
    caiq,
  ],
  [
    'Do you use intrusion detection?',
    'AWS GuardDuty analyses network, DNS and API activity, and our MDR partner triages its alerts around the clock; a network intrusion detection system is being added.',
    'public',
  ],
  [
    'Are servers hardened?',
    'Yes. We deploy immutable container images built from minimal base images, following CIS benchmarks, with no SSH access to production.',
    'public',
  ],
  [
    'How do you manage patching?',
    'Base images are rebuilt weekly with the latest patches; critical OS patches are deployed within 7 days.',
    'public',
    sig,
  ],
  [
    'Do you have DDoS protection?',
    'Yes, through Cloudflare in front of every public endpoint and AWS Shield Standard on the origin.',
    'public',
  ],
  [
    'What is the internal VPN endpoint?',
    'Engineers connect through the Tailscale tailnet acme-prod; the coordination server is restricted to company devices.',
    'internal',
  ],
  // Logging and monitoring
  [
    'Do you log security events?',
    'Yes. Application, infrastructure and authentication logs are collected centrally in our SIEM and retained for 12 months.',
    'public',
    vsa,
  ],
  [
    'How long are logs retained?',
    'Security logs are retained for 12 months, with 90 days immediately searchable.',
    'public',
  ],
  [
    'Can customers access audit logs?',
    'Yes. Customer administrators can view and export an audit log of user activity in their account.',
    'public',
  ],
  [
    'Is there 24/7 security monitoring?',
    'Yes. Our MDR partner triages alerts from our SIEM around the clock and pages our on-call security engineer.',
    'public',
  ],
  [
    'Are logs protected from tampering?',
    'Logs are written to a separate AWS account with object lock, so they cannot be changed or deleted by production roles.',
    'restricted',
  ],
  // Business continuity and backups
  [
    'Do you have a business continuity plan?',
    'Yes. Our business continuity plan covers key people, suppliers and systems and is reviewed and tested every year.',
    'public',
    caiq,
  ],
  [
    'Do you have a disaster recovery plan?',
    'Yes. Our disaster recovery plan restores service in another availability zone or region; it is tested twice a year.',
    'public',
  ],
  [
    'What are your RTO and RPO?',
    'Our recovery time objective (RTO) is 4 hours and our recovery point objective (RPO) is 15 minutes.',
    'public',
    { favorite: true },
  ],
  [
    'How often are backups taken?',
    'Databases are backed up continuously with point-in-time recovery; full snapshots are taken daily and kept for 35 days.',
    'public',
  ],
  [
    'Are backups tested?',
    'Yes. Restores are tested every quarter and the results are recorded.',
    'public',
    sig,
  ],
  [
    'Where are backups stored?',
    'Backups are stored in a second AWS region within the same jurisdiction as the primary data.',
    'restricted',
  ],
  [
    'What was the result of the last disaster recovery test?',
    'The last full failover test, in {failoverMonth}, restored service in the second region in 2 hours 40 minutes with no data loss.',
    'restricted',
  ],
  [
    'What is your uptime commitment (SLA)?',
    'We commit to 99.9% monthly availability for Acme Payroll and Acme HR, with service credits in the Enterprise agreement.',
    'public',
  ],
  [
    'Where can we see current system status?',
    'Current status and incident history are published at status.acme.example.',
    'public',
    { source: 'status_page', name: 'status.acme.example' },
  ],
  [
    'What was your availability last year?',
    'Acme Payroll achieved 99.98% availability over the last twelve months.',
    'public',
    { source: 'status_page', name: 'status.acme.example' },
  ],
  // Incident response
  [
    'Do you have an incident response plan?',
    'Yes. Our incident response plan defines roles, severity levels, communication and post-incident review, and is tested with tabletop exercises twice a year.',
    'public',
    { favorite: true },
  ],
  [
    'How quickly will you notify us of a security incident?',
    'We notify affected customers without undue delay and within 48 hours of confirming an incident that affects their data.',
    'public',
  ],
  [
    'Have you had a data breach in the last three years?',
    'No. Acme Cloud has not had a security breach affecting customer data.',
    'public',
    sig,
  ],
  [
    'Who do we contact to report a security issue?',
    'Write to security@acme.example; our PGP key is published at acme.example/.well-known/security.txt.',
    'public',
  ],
  [
    'What caused the slow payslip exports incident?',
    'A degraded database index slowed payslip exports for 95 minutes, from 09:12 to 10:47 UTC, until it was rebuilt. No data was lost or exposed; the root cause analysis is shared with affected customers.',
    'restricted',
    { source: 'status_page', name: 'status.acme.example' },
  ],
  [
    'Who is on the incident response bridge roster?',
    'The CISO, VP Engineering, on-call SRE, legal counsel and the communications lead; deputies are listed in the runbook.',
    'internal',
  ],
  // Privacy and data protection
  [
    'Are you GDPR compliant?',
    'Yes. We act as a processor for customer data, offer a Data Processing Agreement with the Standard Contractual Clauses, and have appointed a Data Protection Officer.',
    'public',
    { favorite: true },
  ],
  [
    'Do you offer a Data Processing Agreement (DPA)?',
    'Yes. Our DPA is part of the customer agreement and can be signed online from the Legal card.',
    'public',
  ],
  [
    'Who is your Data Protection Officer?',
    'Our Data Protection Officer is Maria Keller, reachable at privacy@acme.example.',
    'public',
  ],
  [
    'Do you transfer personal data outside the EU?',
    'EU customer data stays in the EU. Some subprocessors may access data from other countries under the Standard Contractual Clauses and the EU-US Data Privacy Framework.',
    'public',
  ],
  [
    'Do you comply with CCPA?',
    'Yes. We act as a service provider under the CCPA/CPRA and do not sell or share personal information.',
    'public',
  ],
  [
    'How long do you retain customer data?',
    'Customer data is kept for the term of the agreement; after termination it is deleted within 30 days; its backups age out 35 days later.',
    'public',
    hecvat,
  ],
  [
    'Can customers delete their data?',
    'Yes. Administrators can delete employee records at any time and request deletion of the whole account.',
    'public',
  ],
  [
    'Do you use customer data to train AI models?',
    'No. Customer data is never used to train AI models, ours or third-party.',
    'public',
    { favorite: true },
  ],
  [
    'Do you process special category data?',
    'Only where the customer enters it (for example health data in Acme Benefits); it is encrypted and access is restricted further.',
    'public',
  ],
  [
    'Do you have a record of processing activities?',
    'Yes. We maintain a record of processing activities under GDPR Article 30.',
    'public',
  ],
  [
    'Have you received any regulator inquiries?',
    'No regulator has opened an investigation into Acme Cloud. One data subject complaint in the past year was resolved directly.',
    'internal',
  ],
  [
    'Do you perform DPIAs?',
    'Yes. Data protection impact assessments are done for new processing with high risk, for example new AI features.',
    'public',
  ],
  // Subprocessors and vendors
  [
    'Which subprocessors do you use?',
    'Our current subprocessors are listed on the Subprocessors card, with their purpose and location. Customers are notified 30 days before a new subprocessor is added.',
    'public',
    { favorite: true },
  ],
  [
    'How do you assess vendor security?',
    'Vendors are assessed before onboarding and every year, based on their risk: SOC 2 or ISO reports, security questionnaires and contract terms.',
    'public',
    vsa,
  ],
  [
    'Will you notify us of subprocessor changes?',
    'Yes. Subscribe to trust updates to receive notice 30 days before a new subprocessor starts processing your data.',
    'public',
    { source: 'status_page', name: 'Trust updates' },
  ],
  [
    'Which vendors failed their last security review?',
    'A marketing analytics vendor failed to provide a current SOC 2 report and was removed from scope in Q2.',
    'internal',
  ],
  // People security
  [
    'Do employees undergo background checks?',
    'Yes. All employees pass a background check before they start, as allowed by local law.',
    'public',
    sig,
  ],
  [
    'Do employees complete security awareness training?',
    'Yes. Everyone completes security awareness training on joining and every year, plus monthly phishing simulations.',
    'public',
  ],
  [
    'Do employees sign confidentiality agreements?',
    'Yes. All employees and contractors sign a confidentiality agreement before they get access.',
    'public',
  ],
  [
    'Do you have a dedicated security team?',
    'Yes. Six security engineers led by our CISO, Dana Whitfield, cover security engineering, compliance and incident response.',
    'public',
  ],
  [
    'What was the phishing simulation click rate last quarter?',
    'The click rate was 2.1% last quarter; repeat clickers receive additional training.',
    'internal',
  ],
  // Endpoint and physical
  [
    'Are employee laptops encrypted?',
    'Yes. All laptops are managed by MDM with full-disk encryption, automatic updates, screen lock and EDR enforced.',
    'public',
  ],
  [
    'Do you use endpoint detection and response?',
    'Yes. CrowdStrike Falcon runs on all company laptops and servers.',
    'public',
  ],
  [
    'How is physical security handled?',
    'Our offices use badge access and visitor logs; production runs in AWS data centres whose physical security is covered by AWS SOC 2 reports.',
    'public',
    caiq,
  ],
  [
    'Can employees use personal devices?',
    'No. Access to company systems requires a managed company device.',
    'public',
  ],
  // Policies and governance
  [
    'Do you have an information security policy?',
    'Yes. Our information security policy is approved by the board, reviewed every year and acknowledged by every employee.',
    'public',
  ],
  [
    'Can we review your security policies?',
    'Yes. Our policy set (information security, access control, incident response, business continuity and others) is available under NDA.',
    'restricted',
  ],
  [
    'Do you have cyber insurance?',
    'Yes. We hold cyber liability insurance with a limit of USD 10 million.',
    'restricted',
  ],
  [
    'Who is responsible for security at Acme Cloud?',
    'Our CISO, Dana Whitfield, reports to the CEO and presents the security programme to the board every quarter.',
    'public',
  ],
  [
    'How do you manage risk?',
    'We keep a risk register reviewed quarterly by the security steering committee; risks are scored for likelihood and impact and have owners.',
    'public',
    vsa,
  ],
  [
    'What are the top risks in the risk register?',
    'The top three risks are third-party payroll integrations, key-person dependency in payroll engineering, and regional cloud outages.',
    'internal',
  ],
  [
    'Do you have a change management process?',
    'Yes. Changes are tracked in tickets, reviewed and tested, and deployed through the pipeline; emergency changes are reviewed afterwards.',
    'public',
  ],
  [
    'Do you have an asset inventory?',
    'Yes. Cloud assets are inventoried automatically and laptops through MDM; every asset has an owner.',
    'public',
  ],
  [
    'Do you have an acceptable use policy?',
    'Yes. All employees accept the acceptable use policy when they join and every year.',
    'public',
  ],
  // AI
  [
    'Do you use AI in your product?',
    'Acme HR offers optional AI features to draft job descriptions, and the Acme Payroll payslip assistant is in preview. Both are off by default and use models hosted in our own AWS account.',
    'public',
  ],
  [
    'Does customer data leave your infrastructure for AI features?',
    'No. AI features run on models hosted in our AWS account; prompts and outputs are not sent to third-party AI providers.',
    'public',
  ],
  [
    'Do you have an AI governance policy?',
    'Yes. Our AI policy covers approved use cases, data handling, human review and model evaluation.',
    'public',
  ],
  // Product specific
  [
    'Does Acme Payroll integrate with our accounting system?',
    'Yes. Acme Payroll exports journal entries to Xero, QuickBooks and DATEV over OAuth-secured APIs.',
    'public',
  ],
  [
    'How are bank details protected in Acme Payroll?',
    'Bank account numbers are encrypted with a separate key at the field level and masked in the interface.',
    'public',
  ],
  [
    'Who approves payroll runs?',
    'Each payroll run needs approval from a customer user with the payroll approver role; Acme staff cannot approve runs.',
    'public',
  ],
  [
    'Does Acme HR store employee documents?',
    'Yes. Documents are stored encrypted in S3 with access restricted to HR roles the customer defines.',
    'public',
  ],
  [
    'Is Acme Benefits production-ready?',
    'Acme Benefits is in beta with selected customers; it follows the same security controls as our other products.',
    'restricted',
  ],
  [
    'Do you have an API? How is it secured?',
    'Yes. Our REST API uses OAuth 2.0 client credentials with scoped tokens, rate limits and audit logging.',
    'public',
  ],
  [
    'Do you support webhooks and how are they signed?',
    'Yes. Webhooks are signed with HMAC-SHA256 and include a timestamp to prevent replay.',
    'public',
  ],
  [
    'Is there a sandbox environment?',
    'Yes. Enterprise customers get a sandbox with synthetic data, separate from production.',
    'public',
  ],
  // Legal and contracts
  [
    'Where can we find your terms of service?',
    'Our terms of service are published at acme.example/legal/terms.',
    'public',
  ],
  [
    'What is your liability cap?',
    'Our standard liability cap is twelve months of fees; data protection breaches have a higher cap in the Enterprise agreement.',
    'restricted',
  ],
  [
    'Do you have a mutual NDA template?',
    'Yes. You can accept our mutual NDA online from the Trust Center in a few clicks.',
    'public',
  ],
  [
    'Are there pending lawsuits against the company?',
    'There is no pending litigation relating to security or data protection.',
    'internal',
  ],
  // Questionnaire-sourced extras
  [
    'Do you have a documented data classification scheme?',
    'Yes. Data is classified as public, internal, confidential or restricted, with handling rules for each.',
    'public',
    sig,
  ],
  [
    'Is data segregated between customers?',
    'Yes. Every record carries a tenant identifier enforced by the data access layer and row-level security in the database.',
    'public',
    caiq,
  ],
  [
    'Do you use production data in testing?',
    'No. Tests use synthetic data; production data never leaves production.',
    'public',
    hecvat,
  ],
  [
    'Do you support data export?',
    'Yes. Administrators can export all their data in CSV and JSON at any time.',
    'public',
    hecvat,
  ],
  [
    'Do you have a vulnerability disclosure policy?',
    'Yes, published at acme.example/security with safe-harbour terms for researchers.',
    'public',
    vsa,
  ],
  [
    'Do you perform threat modelling?',
    'Yes. New features that touch customer data go through a lightweight threat model during design review.',
    'public',
    vsa,
  ],
  [
    'Do you scan containers for vulnerabilities?',
    'Yes. Container images are scanned in the pipeline and in the registry; images with critical findings cannot be deployed.',
    'public',
    sig,
  ],
  [
    'Do you monitor for leaked credentials?',
    'Yes. Repositories are scanned for secrets on every push and we monitor public sources for leaked company credentials.',
    'public',
    sig,
  ],
  [
    'Do you use infrastructure as code?',
    'Yes. All infrastructure is defined in Terraform and changed through reviewed pull requests.',
    'public',
    caiq,
  ],
  [
    'Do you have a secure configuration baseline?',
    'Yes. Baselines for cloud accounts, containers and laptops are defined in code and checked continuously.',
    'public',
    caiq,
  ],
  [
    'Is there segregation of duties?',
    'Yes. No one can both write and approve a change, and production access is separate from code ownership.',
    'public',
    sig,
  ],
  [
    'How do you handle secrets?',
    'Secrets are stored in AWS Secrets Manager, injected at runtime and rotated automatically where supported.',
    'public',
    hecvat,
  ],
  [
    'Which secrets have not been rotated in the last year?',
    'Two legacy integration API keys (DATEV sandbox and an old reporting account) are scheduled for rotation.',
    'internal',
  ],
  [
    'Do you have email security controls?',
    'Yes. SPF, DKIM and DMARC (p=reject) are enforced on our domains; inbound mail is filtered for phishing and malware.',
    'public',
    sig,
  ],
  [
    'Do you have a mobile app and how is it secured?',
    'The Acme HR mobile app stores no data at rest beyond a session token in the secure enclave and uses certificate pinning.',
    'public',
    hecvat,
  ],
  [
    'Are your employees located outside the EU or US?',
    'Our team works from Germany, the Netherlands and the United States; support staff with data access are in the EU and US only.',
    'restricted',
    vsa,
  ],
  [
    'How many employees have production access?',
    'Eleven engineers are eligible for just-in-time production access; none hold standing access.',
    'restricted',
    sig,
  ],
  [
    'What is the planned date for the SOC 2 report renewal?',
    'The next SOC 2 Type II report, for {nextSocPeriod}, is expected in {nextSocReportMonth}.',
    'public',
  ],
  [
    'Can you complete our security questionnaire?',
    'Yes. Most answers are already here; for anything missing, request access and our security team answers within five business days.',
    'public',
    { favorite: true },
  ],
  [
    'Do you have a status page with incident history?',
    'Yes, at status.acme.example, including maintenance windows and past incidents.',
    'public',
    { source: 'status_page', name: 'status.acme.example' },
  ],
  [
    'How do you communicate planned maintenance?',
    'Planned maintenance is announced at least 72 hours ahead on the status page and by e-mail to subscribed administrators.',
    'public',
    { source: 'status_page', name: 'status.acme.example' },
  ],
  [
    'What is the escalation path for a critical support issue?',
    'Critical issues go to the on-call support engineer within 30 minutes, then to the engineering on-call and the VP Engineering after two hours.',
    'restricted',
  ],
];

/** Entries that belong to one product only (the rest apply to every product). */
const productOf = (question: string): 'payroll' | 'hr' | 'benefits' | null => {
  if (/Acme Payroll|payroll run/i.test(question)) return 'payroll';
  if (/Acme HR/i.test(question)) return 'hr';
  if (/Acme Benefits|BAA/i.test(question)) return 'benefits';
  return null;
};

/**
 * The demo knowledge base: security-questionnaire answers across public, restricted and internal
 * access, dated over the past year so the time filters show something; Ask AI is switched on.
 */
export async function seedDemoKnowledgeBase(
  db: Database,
  input: {
    organisationId: string;
    productIds: { payroll: string; hr: string; benefits: string };
    calendar?: DemoCalendar;
  },
): Promise<void> {
  const calendar = input.calendar ?? demoCalendar();
  const now = calendar.seededAt.getTime();
  const day = 24 * 3600 * 1000;
  await db.insert(knowledgeBaseEntries).values(
    dated(entries, calendar).map(([question, answer, accessLevel, options = {}], index) => {
      const createdAt = new Date(now - ((index * 37) % 360) * day - index * 60_000);
      const product = productOf(question);
      return {
        organisationId: input.organisationId,
        question,
        answer,
        comment: options.comment ?? '',
        accessLevel,
        sourceType: options.source ?? 'manual',
        sourceName: options.name ?? null,
        sourceSubtype: options.source === 'questionnaire' ? 'security questionnaire' : null,
        isFavoritePublic: options.favorite ?? false,
        productIds: product ? [input.productIds[product]] : [],
        createdAt,
        modifiedAt: new Date(Math.min(now, createdAt.getTime() + ((index * 13) % 30) * day)),
      };
    }),
  );
  await db
    .update(organisations)
    .set({ customisation: sql`${organisations.customisation} || '{"genAiEnabled": true}'::jsonb` })
    .where(eq(organisations.id, input.organisationId));
}

export const demoKnowledgeBaseSize = entries.length;
