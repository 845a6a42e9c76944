/**
 * Common questionnaire subjects, in our own words, mapped to the item catalogue (issue 32 §2). A topic
 * is recognised in a question, and in a knowledge-base entry's question, by `pattern`, matched against
 * the normalised text (text-match.ts: lower case, synonyms folded: 'mfa', 'soc2', 'pentest',
 * 'encryptionatrest', 'encryptionintransit', 'iso27001', 'sso', 'dpa'…). Its evidence is the items with
 * these catalogue keys and the entries that match the same pattern.
 */
export type Topic = {
  id: string;
  label: string;
  pattern: RegExp;
  itemKeys: string[];
  /** A risk-profile question whose answer states the figure (open questions). */
  riskKey?: string;
  /** The subprocessor list answers it (open questions). */
  subprocessors?: boolean;
  /** A fact to state (where, how long, which), not a control that is in place or not: no yes from an item. */
  isFact?: boolean;
  /** More specific topics that, when they match too, speak for the question instead of this one. */
  yieldsTo?: string[];
};

const topic = (
  id: string,
  label: string,
  pattern: RegExp,
  itemKeys: string[] = [],
  extra: Partial<Topic> = {},
): Topic => ({ id, label, pattern, itemKeys, ...extra });

export const questionnaireTopics: Topic[] = [
  topic('soc2', 'SOC 2', /\bsoc2\b/, ['certifications.soc-2', 'reports.soc-2-type-2']),
  topic('soc1', 'SOC 1', /\bsoc1\b/, ['certifications.soc-1', 'reports.soc-1-type-2']),
  topic('soc3', 'SOC 3', /\bsoc3\b/, ['reports.soc-3']),
  topic('iso27001', 'ISO 27001', /\biso27001\b/, [
    'certifications.iso-27001',
    'reports.iso-27001-certificate',
  ]),
  topic('iso27701', 'ISO 27701', /\biso27701\b/, ['certifications.iso-27701']),
  topic('iso27017', 'ISO 27017', /\biso ?27017\b/, ['certifications.iso-27017']),
  topic('iso27018', 'ISO 27018', /\biso ?27018\b/, ['certifications.iso-27018']),
  topic('iso22301', 'ISO 22301', /\biso ?22301\b/, ['certifications.iso-22301']),
  topic('iso9001', 'ISO 9001', /\biso ?9001\b/, ['certifications.iso-9001']),
  topic('fedramp', 'FedRAMP', /\bfedramp\b/, ['certifications.fedramp']),
  topic('hitrust', 'HITRUST', /\bhitrust\b/, ['certifications.hitrust']),
  topic('csa-star', 'CSA STAR', /\bcsa star\b|\bstar (registry|level)\b/, ['certifications.csa-star']),
  topic('c5', 'BSI C5', /\bc5\b/, ['certifications.c5']),
  topic('tisax', 'TISAX', /\btisax\b/, ['certifications.tisax']),
  topic('cyber-essentials', 'Cyber Essentials', /\bcyber essentials\b/, ['certifications.cyber-essentials']),
  topic('pci', 'PCI DSS', /\bpci\b|\bcardholder\b/, ['certifications.pci-dss', 'reports.pci-aoc']),
  topic('hipaa', 'HIPAA', /\bhipaa\b|protected health information|\bphi\b/, [
    'certifications.hipaa',
    'legal.baa',
  ]),
  topic('gdpr', 'GDPR', /\bgdpr\b/, ['certifications.gdpr', 'data-privacy.gdpr']),
  topic('ccpa', 'CCPA', /\bccpa\b/, ['certifications.ccpa', 'data-privacy.ccpa']),
  topic('dpa', 'Data processing agreement', /\bdpa\b/, ['legal.dpa']),
  topic('dpo', 'Data protection officer', /\bdata protection officer\b|\bdpo\b/, ['data-privacy.dpo']),
  topic('dpia', 'Data protection impact assessments', /\bdpias?\b|impact assessments?\b/),
  topic('ropa', 'Record of processing', /record of processing|\bropa\b|article 30\b/),
  topic(
    'transfers',
    'International transfers',
    /\b(international|cross-border) (data )?transfers?\b|transfer[a-z]* [a-z ]*outside\b|\bsccs?\b|standard contractual clauses/,
    ['data-privacy.international-transfers'],
    { isFact: true },
  ),
  topic(
    'residency',
    'Data residency',
    /\bdata residency\b|\b(choose|select)[a-z ]* region\b|\bregion[a-z ]* (choose|select)/,
    ['data-privacy.data-residency'],
  ),
  topic(
    'hosting',
    'Hosting',
    /\bhosted\b|\bhosting\b|\bdata cent(er|re)s?\b|\bcloud provider\b|\biaas\b/,
    ['infrastructure.cloud-provider', 'risk-profile.hosting'],
    { riskKey: 'risk-profile.hosting', isFact: true },
  ),
  topic(
    'subprocessors',
    'Subprocessors',
    /\bsubprocessor\b|\bfourth[- ]part(y|ies)\b/,
    ['legal.subprocessors'],
    {
      subprocessors: true,
      isFact: true,
    },
  ),
  topic('mfa-customers', 'MFA for customer users', /\bmfa\b/, ['product-features.mfa'], {
    yieldsTo: ['mfa-employees'],
  }),
  topic(
    'mfa-employees',
    'MFA for employees',
    /\bmfa\b[a-z ,]*\b(employee|staff|personnel|workforce|internal|engineer)s?\b|\b(employee|staff|personnel|workforce|internal|engineer)s?\b[a-z ,]*\bmfa\b/,
    ['access-control.employee-mfa'],
  ),
  topic('sso', 'Single sign-on', /\bsso\b/, ['product-features.sso'], { yieldsTo: ['employee-sso'] }),
  topic(
    'employee-sso',
    'SSO for employees',
    /\b(employee|staff|internal systems?)\b[a-z ]*\bsso\b|\bsso\b[a-z ]*\b(employee|staff|internal)/,
    ['access-control.employee-sso'],
  ),
  topic('scim', 'SCIM provisioning', /\bscim\b|\buser provisioning\b/, ['product-features.scim']),
  topic('rbac', 'Role-based access control', /\brbac\b|\broles?\b[a-z ]*\bpermissions?\b/, [
    'product-features.rbac',
  ]),
  topic('audit-log', 'Audit logs for customers', /\baudit (log|trail)s?\b/, [
    'product-features.audit-logging',
  ]),
  topic('ip-allowlist', 'IP allow-listing', /\bip (address(es)?|range)s?\b|\ballow-?list/, [
    'product-features.ip-allowlisting',
  ]),
  topic('data-export', 'Data export', /\bexport\b[a-z ]*\bdata\b|\bdata export\b/, [
    'product-features.data-export',
  ]),
  topic(
    'encryption-at-rest',
    'Encryption at rest',
    /\bencryptionatrest\b|\bencrypt[a-z]*\b[a-z ]*\bat rest\b/,
    ['data-security.encryption-at-rest'],
  ),
  topic(
    'encryption-in-transit',
    'Encryption in transit',
    /\bencryptionintransit\b|\bencrypt[a-z]*\b[a-z ]*\bin transit\b/,
    ['data-security.encryption-in-transit'],
  ),
  topic('key-management', 'Key management', /\bkms\b|\b(encryption )?keys?\b[a-z ]*\b(manag|rotat|stor)/, [
    'data-security.key-management',
  ]),
  topic('api', 'API security', /\bapis?\b/),
  topic('byok', 'Customer-managed keys', /\bbyok\b/, []),
  topic('backups', 'Backups', /\bbackups?\b|backed up\b/, ['data-security.data-backups']),
  topic(
    'retention',
    'Data retention and deletion',
    /\bretain\b|\bretention\b|\bdelet(e|ed|ion)\b[a-z ]*\bdata\b|\bdata\b[a-z ]*\bdelet/,
    ['data-security.data-erasure', 'data-security.data-retention'],
  ),
  topic(
    'segregation',
    'Tenant data segregation',
    /\bsegregat[a-z]*\b[a-z ]*\b(customer|tenant)s?\b|\b(multi-?tenan|tenant isolation|logically separat)/,
    ['data-security.data-segregation'],
  ),
  topic('pentest', 'Penetration testing', /\bpentest\b/, [
    'application-security.penetration-testing',
    'reports.penetration-test',
  ]),
  topic('bug-bounty', 'Bug bounty', /\bbug bounty\b/, ['application-security.bug-bounty']),
  topic(
    'disclosure',
    'Vulnerability disclosure',
    /\bvulnerability disclosure\b|\bresponsible disclosure\b|\breport (a )?(security )?(issue|vulnerabilit)/,
    ['application-security.responsible-disclosure'],
  ),
  topic('code-review', 'Code review', /\bcode review\b|\bpeer[- ]review/, [
    'application-security.code-review',
  ]),
  topic('sdlc', 'Secure development', /\bsdlc\b|\bsecure (software )?development\b|\bthreat model/, [
    'application-security.secure-sdlc',
  ]),
  topic('sast', 'Static analysis', /\bstatic (code )?analysis\b|\bsast\b/, ['application-security.sast']),
  topic(
    'dependency-scanning',
    'Dependency scanning',
    /\b(dependenc(y|ies)|third-party librar(y|ies)|open[- ]source (components|librar))\b[a-z ]*\b(scan|vulnerab)|\bsoftware composition\b/,
    ['application-security.dependency-scanning'],
  ),
  topic(
    'vulnerability-management',
    'Vulnerability management',
    /\bvulnerability (management|remediation)\b|\bremediat[a-z]*\b[a-z ]*\bvulnerab|\bpatch/,
    ['continuous-monitoring.vulnerability-management'],
  ),
  topic(
    'ai-training',
    'Customer data and AI training',
    /\btrain[a-z]*\b[a-z ]*\b(ai|model|machine learning|llm)s?\b|\b(ai|model|llm)s?\b[a-z ]*\btrain/,
    ['ai.ai-data-usage'],
  ),
  topic(
    'least-privilege',
    'Least privilege and production access',
    /\bleast privilege\b|\bproduction access\b|\baccess to production\b|\bjust[- ]in[- ]time\b/,
    ['access-control.least-privilege'],
  ),
  topic(
    'privileged-access',
    'Privileged access',
    /\bprivileged access\b|\bprivileged (users?|accounts?|sessions?)\b/,
    ['access-control.privileged-access'],
  ),
  topic(
    'access-reviews',
    'Access reviews',
    /\baccess reviews?\b|\breview[a-z]*\b[a-z ]*\b(user )?access\b[a-z ]*\b(rights|periodic|quarter)/,
    ['access-control.access-reviews'],
  ),
  topic(
    'offboarding',
    'Offboarding',
    /\boffboard|\btermination of employment\b|\b(leav(e|es|ers)|terminat[a-z]*)\b[a-z ]*\baccess\b|\baccess\b[a-z ]*\b(remov|revok)/,
    ['access-control.offboarding'],
  ),
  topic(
    'password',
    'Password policy',
    /\bpassword (policy|requirements|complexity|length)\b|\bpasswords? (must|need)/,
    ['access-control.password-policy'],
  ),
  topic('ddos', 'DDoS protection', /\bddos\b/, ['infrastructure.ddos-protection']),
  topic('waf', 'Web application firewall', /\bwaf\b/, ['network-security.waf']),
  topic('firewall', 'Firewalls', /\bfirewalls?\b/, ['network-security.firewalls'], { yieldsTo: ['waf'] }),
  topic('segmentation', 'Network segmentation', /\bnetwork segment|\bsegment[a-z]*\b[a-z ]*\bnetwork/, [
    'network-security.network-segmentation',
  ]),
  topic('ids', 'Intrusion detection', /\bintrusion (detection|prevention)\b|\bids\b|\bips\b/, [
    'network-security.ids',
  ]),
  topic(
    'high-availability',
    'High availability',
    /\bhigh availability\b|\bfailover\b|\bavailability zones?\b|\bredundan/,
    ['infrastructure.high-availability'],
  ),
  topic(
    'environments',
    'Separate environments',
    /\b(separat|segregat)[a-z]*\b[a-z ]*\b(production|development|test|staging)\b[a-z ]*\benvironments?\b|\benvironments? (are )?separat/,
    ['infrastructure.separate-environments'],
  ),
  topic('iac', 'Infrastructure as code', /\binfrastructure as code\b|\bterraform\b/, [
    'infrastructure.infrastructure-as-code',
  ]),
  topic(
    'disk-encryption',
    'Laptop disk encryption',
    /\b(laptop|workstation|endpoint|device)s?\b[a-z ]*\bencrypt|\bfull[- ]disk encryption\b|\bdiskencryption\b/,
    ['endpoint-security.disk-encryption'],
  ),
  topic('edr', 'Endpoint protection', /\bedr\b|\bmalware\b|\bantivirus\b/, [
    'endpoint-security.edr',
    'endpoint-security.antivirus',
  ]),
  topic('mdm', 'Device management', /\bmdm\b|\bmobile device management\b|\bmanaged devices?\b/, [
    'endpoint-security.mdm',
  ]),
  topic(
    'background-checks',
    'Background checks',
    /\bbackgroundcheck\b|\bbackground (check|screening|verification)s?\b|\bscreen[a-z]*\b[a-z ]*\b(employees|personnel|candidates|hire)/,
    ['internal-practices.background-checks'],
  ),
  topic(
    'confidentiality',
    'Confidentiality agreements',
    /\bnda\b[a-z ]*\b(employee|staff|contractor|personnel)|\b(employee|staff|contractor|personnel)s?\b[a-z ]*\bnda\b/,
    ['internal-practices.confidentiality-agreements'],
  ),
  topic(
    'security-team',
    'Security team',
    /\bsecurity team\b|\bciso\b|\bchief information security officer\b|\bresponsible for (information )?security\b/,
    ['internal-practices.security-team'],
  ),
  topic(
    'vendor-risk',
    'Vendor risk management',
    /\b(vendor|supplier|third[- ]party)\b[a-z ]*\b(risk|assess|review|due diligence)|\b(assess|review)[a-z]*\b[a-z ]*\b(vendors?|suppliers?)\b|\bthird-party risk\b/,
    ['internal-practices.vendor-management', 'risk-management.third-party-risk'],
  ),
  topic(
    'infosec-policy',
    'Information security policy',
    /\binformation security polic(y|ies)\b|\bsecurity polic(y|ies)\b/,
    ['policies.information-security-policy'],
  ),
  topic('acceptable-use', 'Acceptable use policy', /\bacceptable use\b/, ['policies.acceptable-use-policy']),
  topic(
    'incident-response',
    'Incident response plan',
    /\bir plan\b|\bincident response (plan|process|procedure|policy)\b|\bincidentresponse\b|\bir ?plan\b/,
    ['incident-response.incident-response-plan', 'policies.incident-response-policy'],
  ),
  topic(
    'breach-notification',
    'Breach notification',
    /\bnotif[a-z]*\b[a-z ,]*\b(breach|incident)s?\b|\b(breach|incident)s?\b[a-z ,]*\bnotif/,
    ['incident-response.breach-notification'],
  ),
  topic('on-call', 'On-call', /\bon-?call\b|\b24\/?7\b/, ['incident-response.on-call']),
  topic(
    'risk-assessment',
    'Risk assessment',
    /\brisk (assessments?|register)\b|\brisk management (program|process|framework)\b|\bassess[a-z]*\b[a-z ]*\brisks?\b/,
    ['risk-management.risk-assessment', 'risk-management.risk-register'],
  ),
  topic('cyber-insurance', 'Cyber insurance', /\b(cyber|liability)[a-z ]*insurance\b|\binsurance\b/, [
    'risk-management.cyber-insurance',
  ]),
  topic(
    'asset-inventory',
    'Asset inventory',
    /\basset (inventory|register)\b|\binventory of (assets|hardware)/,
    ['asset-management.asset-inventory'],
  ),
  topic(
    'data-classification',
    'Data classification',
    /\bdata classification\b|\bclassif[a-z]*\b[a-z ]*\bdata\b/,
    ['asset-management.data-classification'],
  ),
  topic(
    'media-disposal',
    'Secure disposal',
    /\bdispos[a-z]*\b|\bwip(e|ed|ing)\b|\bdestr(oy|oyed|uction)\b|\bsanitiz/,
    ['asset-management.media-disposal'],
  ),
  topic('bcp', 'Business continuity', /\bbcp\b/, ['business-continuity.bcp']),
  topic('drp', 'Disaster recovery', /\bdrp\b/, [
    'business-continuity.disaster-recovery',
    'business-continuity.dr-testing',
  ]),
  topic('rto', 'Recovery time objective', /\brto\b/, ['risk-profile.recovery-time'], {
    riskKey: 'risk-profile.recovery-time',
    isFact: true,
  }),
  topic('rpo', 'Recovery point objective', /\brpo\b/, ['risk-profile.recovery-point'], {
    riskKey: 'risk-profile.recovery-point',
    isFact: true,
  }),
  topic('sla', 'Uptime commitment', /\bsla\b/, ['legal.sla']),
  topic(
    'uptime',
    'Uptime achieved',
    /\b(uptime|availability)\b[a-z ]*\b(last|past|previous|achieved|historical)\b/,
    ['business-continuity.uptime'],
    { isFact: true },
  ),
  topic('training', 'Security awareness training', /\bsecurityawarenesstraining\b|\bsecurity awareness\b/, [
    'awareness-training.security-training',
  ]),
  topic(
    'phishing',
    'Phishing simulations',
    /\bphishing (simulation|test|campaign)s?\b|\bsimulated phishing\b/,
    ['awareness-training.phishing-simulations'],
  ),
  topic(
    'secure-coding-training',
    'Secure coding training',
    /\bsecure coding training\b|\bdevelopers?\b[a-z ]*\btrain/,
    ['awareness-training.secure-coding-training'],
  ),
  topic(
    'change-management',
    'Change management',
    /\bchange (management|control|approval)\b|\bchanges? to production\b|\bproduction changes?\b/,
    ['change-management.change-approval'],
  ),
  topic('rollback', 'Rollback', /\broll(ed|ing)? ?back\b/, ['change-management.rollback']),
  topic('physical', 'Physical security', /\bphysical (security|access)\b|\bdata cent(er|re) security\b/, [
    'physical-security.data-centre-security',
    'physical-security.office-security',
  ]),
  topic(
    'logging',
    'Security logging',
    /\b(security|audit) (event )?logs?\b(?! [a-z ]*\bcustomers?\b)|\blog (retention|management)\b|\blogs? (are )?(retained|kept|collected)\b|\bcentrali[sz]ed logging\b/,
    ['continuous-monitoring.logging'],
  ),
  topic('siem', 'Security monitoring', /\bsiem\b|\bsecurity monitoring\b|\bsoc (team|monitoring)\b|\bmdr\b/, [
    'continuous-monitoring.siem',
  ]),
];

/** The topics a normalised text speaks of, in the order they are listed, the more specific kept. */
export function topicsOf(normalised: string): Topic[] {
  const matched = questionnaireTopics.filter((candidate) => candidate.pattern.test(normalised));
  const ids = new Set(matched.map((candidate) => candidate.id));
  return matched.filter((candidate) => !candidate.yieldsTo?.some((id) => ids.has(id)));
}
