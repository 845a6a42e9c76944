/**
 * A security questionnaire about the demo organisation (Acme Cloud, product Acme Payroll), written for
 * this benchmark in our own words, each question labelled by hand with what the demo content supports
 * for staff: the answer and a source that states it, or null where nothing on the trust center settles
 * it (the answerer must leave those as "needs an answer").
 *
 * answer: 'Yes' | 'No' | 'Partial' exact; 'in progress' an answer that says so; 'text' a worded answer
 * that must match `says`. source: a pattern one cited source's title must match.
 */
export type LabelledQuestion = {
  id: string;
  section: string;
  question: string;
  label: { answer: 'Yes' | 'No' | 'Partial' | 'in progress' | 'text'; source: RegExp; says?: RegExp } | null;
};

const yes = (source: RegExp) => ({ answer: 'Yes' as const, source });
const no = (source: RegExp) => ({ answer: 'No' as const, source });
const inProgress = (source: RegExp) => ({ answer: 'in progress' as const, source });
const text = (source: RegExp, says: RegExp) => ({ answer: 'text' as const, source, says });

const rows: [section: string, question: string, label: LabelledQuestion['label']][] = [
  // Governance and compliance
  [
    'Governance',
    'Do you maintain a documented information security policy approved by management?',
    yes(/information security policy/i),
  ],
  [
    'Governance',
    'Is there a dedicated security team or a named security officer?',
    yes(/security team|responsible for security/i),
  ],
  [
    'Governance',
    'Who is responsible for information security in your organization?',
    text(/responsible for security|security team/i, /Dana Whitfield/),
  ],
  ['Governance', 'Do you hold a current SOC 2 Type II report?', yes(/SOC 2/)],
  ['Governance', 'Who is the independent auditor of your SOC 2 report?', text(/SOC 2/, /Schellman/)],
  [
    'Governance',
    'Did your most recent SOC 2 report contain any exceptions or a qualified opinion?',
    no(/exceptions/i),
  ],
  ['Governance', 'Is your organization certified to ISO/IEC 27001?', yes(/ISO 27001/)],
  [
    'Governance',
    'What is the scope of your ISO 27001 certification?',
    text(/scope of your ISO 27001/i, /Acme Payroll and Acme HR/),
  ],
  ['Governance', 'Are you certified to ISO 27701?', inProgress(/ISO 27701/)],
  ['Governance', 'Do you provide a SOC 1 Type II report?', yes(/SOC 1/)],
  ['Governance', 'Do you have a FedRAMP authorization?', no(/FedRAMP/)],
  ['Governance', 'Are you compliant with PCI DSS?', yes(/PCI DSS/)],
  ['Governance', 'Do you comply with the GDPR?', yes(/GDPR/)],
  ['Governance', 'Are you compliant with the CCPA?', yes(/CCPA/)],
  ['Governance', 'Do you have a designated Data Protection Officer?', yes(/Data protection officer/i)],
  ['Governance', 'Do you perform an annual risk assessment?', yes(/risk assessment|manage risk/i)],
  ['Governance', 'Do you maintain a risk register?', yes(/risk register|manage risk/i)],
  ['Governance', 'Do you carry cyber liability insurance?', yes(/cyber insurance/i)],
  [
    'Governance',
    'Do you assess the security of your vendors and suppliers?',
    yes(/vendor|third-party risk/i),
  ],
  ['Governance', 'Do you complete the CAIQ?', yes(/CAIQ/)],
  // Human resources
  [
    'Human resources',
    'Are background checks performed on new employees prior to hire?',
    yes(/background check/i),
  ],
  [
    'Human resources',
    'Do all employees and contractors sign confidentiality agreements?',
    yes(/confidentiality/i),
  ],
  [
    'Human resources',
    'Do employees receive security awareness training at hire and annually?',
    yes(/security awareness training|employees complete security/i),
  ],
  ['Human resources', 'Do you run phishing simulation exercises?', yes(/phishing/i)],
  ['Human resources', 'Do developers receive secure coding training?', yes(/secure coding training/i)],
  ['Human resources', 'Do employees sign an acceptable use policy?', yes(/acceptable use/i)],
  [
    'Human resources',
    'Is access removed promptly when an employee leaves the company?',
    yes(/offboarding|employee leaves/i),
  ],
  // Identity and access
  [
    'Identity and access',
    'Does the application support multi-factor authentication for end users?',
    yes(/multi-factor authentication/i),
  ],
  [
    'Identity and access',
    'Is MFA enforced for all employees?',
    yes(/MFA enforced for employees|Multi-factor authentication for employees/i),
  ],
  ['Identity and access', 'Does the product support SAML-based single sign-on?', yes(/single sign-on/i)],
  ['Identity and access', 'Do you support SCIM user provisioning?', inProgress(/SCIM/)],
  [
    'Identity and access',
    'Does the application provide role-based access control?',
    yes(/role-based access control/i),
  ],
  ['Identity and access', 'Can customers restrict access to the application by IP address?', yes(/IP/)],
  ['Identity and access', 'Are user access rights reviewed at least quarterly?', yes(/access reviews/i)],
  [
    'Identity and access',
    'Is production access granted on a least-privilege, just-in-time basis?',
    yes(/least privilege|access to production/i),
  ],
  [
    'Identity and access',
    'How many employees have access to production systems?',
    text(/production access/i, /Eleven engineers/),
  ],
  ['Identity and access', 'Are privileged sessions recorded?', yes(/privileged access/i)],
  [
    'Identity and access',
    'What are your password requirements for user accounts?',
    text(/password requirements/i, /12 characters/),
  ],
  [
    'Identity and access',
    'Are passwords stored using a strong one-way hash?',
    text(/passwords hashed/i, /Argon2id/),
  ],
  [
    'Identity and access',
    'Do employees use single sign-on to access internal systems?',
    yes(/Single sign-on for employees/i),
  ],
  // Data protection
  ['Data protection', 'Is customer data encrypted at rest?', yes(/encrypted at rest|Encryption at rest/i)],
  [
    'Data protection',
    'Is all data in transit encrypted using TLS 1.2 or higher?',
    yes(/in transit|Encryption in transit/i),
  ],
  [
    'Data protection',
    'Do you encrypt data both at rest and in transit?',
    yes(/Encryption at rest|encrypted at rest/i),
  ],
  [
    'Data protection',
    'How are encryption keys managed?',
    text(/encryption keys managed|Key management/i, /KMS/),
  ],
  ['Data protection', 'How often are encryption keys rotated?', text(/keys rotated/i, /every year/)],
  [
    'Data protection',
    'Do you support customer-managed encryption keys (BYOK)?',
    text(/BYOK/, /bring their own key/),
  ],
  ['Data protection', 'Are backups performed regularly?', yes(/backup/i)],
  ['Data protection', 'Are backups encrypted?', yes(/Backups encrypted/i)],
  ['Data protection', 'Are backup restores tested?', yes(/backups tested|Data backups/i)],
  ['Data protection', 'Where are backups stored?', text(/backups stored/i, /second AWS region/)],
  [
    'Data protection',
    'How long do you retain customer data after contract termination?',
    text(/retain customer data|Data erasure/i, /30 days/),
  ],
  ['Data protection', 'Can customers delete their data?', yes(/delete their data|Data erasure/i)],
  [
    'Data protection',
    'Is customer data logically segregated from other tenants?',
    yes(/segregated|Data segregation/i),
  ],
  ['Data protection', 'Do you use production data in test environments?', no(/production data in testing/i)],
  ['Data protection', 'Do you have a data classification scheme?', yes(/data classification/i)],
  ['Data protection', 'Can customers export their data?', yes(/export/i)],
  [
    'Data protection',
    'Is customer data used to train AI or machine learning models?',
    no(/train AI|not used for training/i),
  ],
  [
    'Data protection',
    'Do you process special categories of personal data?',
    text(/special category/i, /health data/),
  ],
  [
    'Data protection',
    'Where is customer data hosted?',
    text(/customer data hosted|Hosting/i, /eu-central-1|Frankfurt/),
  ],
  [
    'Data protection',
    'Can customers choose the region where their data is stored?',
    yes(/data region|Data residency/i),
  ],
  [
    'Data protection',
    'Do you transfer personal data outside the EU?',
    text(/outside the EU|International transfers/i, /Standard Contractual Clauses|SCCs/),
  ],
  ['Data protection', 'Do you offer a data processing agreement?', yes(/DPA|Data processing agreement/i)],
  ['Data protection', 'Do you maintain a record of processing activities?', yes(/record of processing/i)],
  ['Data protection', 'Do you perform data protection impact assessments?', yes(/DPIA/)],
  [
    'Data protection',
    'Which subprocessors process customer data?',
    text(/Subprocessors/, /Amazon Web Services/),
  ],
  [
    'Data protection',
    'Will you notify customers before engaging a new subprocessor?',
    yes(/subprocessor changes|Subprocessors/i),
  ],
  // Application security
  ['Application security', 'Do you perform penetration testing at least annually?', yes(/penetration test/i)],
  [
    'Application security',
    'Who performed your most recent penetration test?',
    text(/penetration test/i, /NCC Group/),
  ],
  [
    'Application security',
    'Can customers perform their own penetration tests?',
    yes(/own penetration tests/i),
  ],
  ['Application security', 'Do you operate a bug bounty program?', yes(/bug bounty/i)],
  ['Application security', 'Do you have a vulnerability disclosure policy?', yes(/disclosure/i)],
  [
    'Application security',
    'Is all code peer reviewed before it is deployed to production?',
    yes(/code review/i),
  ],
  [
    'Application security',
    'Do you follow a secure software development lifecycle?',
    yes(/secure software development|Secure development lifecycle/i),
  ],
  [
    'Application security',
    'Do you perform threat modelling?',
    yes(/threat modelling|Secure development lifecycle/i),
  ],
  [
    'Application security',
    'Do you use static application security testing (SAST)?',
    yes(/Static code analysis/i),
  ],
  [
    'Application security',
    'Are third-party libraries scanned for known vulnerabilities?',
    yes(/scan dependencies|Software composition/i),
  ],
  ['Application security', 'Are container images scanned for vulnerabilities?', yes(/containers/i)],
  [
    'Application security',
    'What are your vulnerability remediation timelines?',
    text(/remediation timelines|Vulnerability management/i, /7 days/),
  ],
  [
    'Application security',
    'How do you protect the application against the OWASP Top 10?',
    text(/OWASP/, /parameterised queries/),
  ],
  ['Application security', 'How is your public API secured?', text(/API/, /OAuth 2\.0/)],
  // Infrastructure and operations
  [
    'Infrastructure',
    'Do you use a third-party cloud provider or your own data centers?',
    text(/cloud provider or your own/i, /Amazon Web Services/),
  ],
  ['Infrastructure', 'Do you use a web application firewall?', yes(/web application firewall/i)],
  ['Infrastructure', 'Do you have DDoS protection in place?', yes(/DDoS/)],
  ['Infrastructure', 'Is the production network segmented?', yes(/segment/i)],
  [
    'Infrastructure',
    'Do you use intrusion detection?',
    inProgress(/Intrusion detection|intrusion detection/i),
  ],
  [
    'Infrastructure',
    'Is the service deployed across multiple availability zones for high availability?',
    yes(/High availability/i),
  ],
  [
    'Infrastructure',
    'Are development, test and production environments separated?',
    yes(/separate|Separate environments/i),
  ],
  ['Infrastructure', 'Is infrastructure managed as code?', yes(/infrastructure as code/i)],
  [
    'Infrastructure',
    'Are servers hardened according to a baseline?',
    yes(/hardened|configuration baseline/i),
  ],
  ['Infrastructure', 'How is patching managed?', text(/patching/i, /7 days/)],
  [
    'Infrastructure',
    'Are all production changes approved through a change management process?',
    yes(/Change approval|production changes/i),
  ],
  ['Infrastructure', 'Can deployments be rolled back?', yes(/Rollback/)],
  ['Infrastructure', 'Do you maintain an inventory of hardware and cloud assets?', yes(/asset inventory/i)],
  ['Infrastructure', 'Are retired laptops and media securely wiped or destroyed?', yes(/Secure disposal/i)],
  // Endpoints
  ['Endpoints', 'Are employee laptops encrypted?', yes(/laptops encrypted|Disk encryption/i)],
  ['Endpoints', 'Do you run endpoint detection and response on company devices?', yes(/endpoint detection/i)],
  [
    'Endpoints',
    'Are company devices enrolled in mobile device management?',
    yes(/Mobile device management/i),
  ],
  ['Endpoints', 'Can employees use personal devices to access company systems?', no(/personal devices/i)],
  // Logging and monitoring
  ['Logging', 'Do you log security events centrally?', yes(/log security events|Centralised logging/i)],
  [
    'Logging',
    'How long are security logs retained?',
    text(/logs retained|Centralised logging/i, /12 months/),
  ],
  ['Logging', 'Are logs protected against tampering?', text(/tampering/i, /object lock/)],
  ['Logging', 'Do you monitor security alerts 24/7?', yes(/Security monitoring|on-call/i)],
  ['Logging', 'Can customers access audit logs of user activity?', yes(/audit logs|Audit logging/i)],
  // Incident response and continuity
  ['Incident response', 'Do you have a documented incident response plan?', yes(/incident response plan/i)],
  [
    'Incident response',
    'How quickly will you notify customers of a security breach?',
    text(/notify|Breach notification/i, /48 hours/),
  ],
  ['Incident response', 'Have you had a data breach in the last three years?', no(/data breach/i)],
  ['Incident response', 'Do you have a 24/7 on-call rotation?', yes(/on-call/i)],
  ['Incident response', 'Do you have a business continuity plan?', yes(/business continuity plan/i)],
  ['Incident response', 'Do you have a disaster recovery plan?', yes(/disaster recovery plan/i)],
  [
    'Incident response',
    'What is your recovery time objective (RTO)?',
    text(/RTO|Recovery time objective/i, /4 hours|four hours/),
  ],
  [
    'Incident response',
    'What is your recovery point objective (RPO)?',
    text(/RPO|Recovery point objective/i, /15 minutes|fifteen minutes/),
  ],
  ['Incident response', 'What uptime do you commit to in your SLA?', text(/SLA|uptime/i, /99\.9%/)],
  ['Incident response', 'Do you have a public status page?', yes(/status page/i)],
  [
    'Physical security',
    'How is physical security of your facilities handled?',
    text(/physical security/i, /badge access/),
  ],
  // Questions the demo content does not settle: they must be left as "needs an answer".
  ['Not covered', 'Do you maintain a software bill of materials (SBOM) for each release?', null],
  ['Not covered', 'Are USB storage devices blocked on company laptops?', null],
  ['Not covered', 'Do you conduct red team exercises?', null],
  ['Not covered', 'Is source code escrow available to customers?', null],
  ['Not covered', 'Do you use a data loss prevention (DLP) solution?', null],
  ['Not covered', 'Are your offices protected by fire suppression systems?', null],
  ['Not covered', 'Do you hold a HITRUST CSF certification?', null],
  ['Not covered', 'Are you certified to ISO 9001?', null],
  ['Not covered', 'Do you hold a TISAX label?', null],
  ['Not covered', 'Do you use a cloud access security broker (CASB)?', null],
  ['Not covered', 'Are release artifacts cryptographically signed?', null],
  ['Not covered', 'Do you run chaos engineering experiments in production?', null],
  ['Not covered', 'What is your annual staff turnover rate?', null],
  ['Not covered', 'Do you use DNS filtering on corporate networks?', null],
  ['Not covered', 'Do you have a whistleblower hotline?', null],
  ['Not covered', 'Do you have a clean desk policy?', null],
  ['Not covered', 'Are you compliant with the NIS2 directive?', null],
  ['Not covered', 'Do you deploy honeypots to detect attackers?', null],
  ['Not covered', 'Do you use post-quantum cryptography?', null],
  ['Not covered', 'Do you encrypt e-mail with S/MIME?', null],
  ['Not covered', 'Is there a separate privacy team independent of security?', null],
  ['Not covered', 'Are visitors to the data center escorted at all times by your staff?', null],
  ['Not covered', 'Do you have a formal software license management process?', null],
  ['Not covered', 'Do you support customer-initiated restores of individual records from backup?', null],
  ['Not covered', 'Is customer data stored on removable media?', null],
  ['Not covered', 'Do you perform source code reviews by an external firm?', null],
  ['Not covered', 'Do you use generative AI tools for writing production code?', null],
  ['Not covered', 'Are you certified under the EU Cloud Code of Conduct?', null],
  ['Not covered', 'How many customers use the product?', null],
  ['Not covered', 'Do you maintain environmental controls such as UPS and generators in your offices?', null],
];

export const labelledQuestions: LabelledQuestion[] = rows.map(([section, question, label], index) => ({
  id: `ACME-${String(index + 1).padStart(3, '0')}`,
  section,
  question,
  label,
}));
