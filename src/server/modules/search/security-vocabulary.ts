/**
 * Security-questionnaire vocabulary: each group lists ways people write the same thing. A query that
 * contains one of them is expanded into the same query with each other form (query expansion), so
 * 'SOC2 report' finds 'SOC 2 Type II report' and '2FA' finds 'multi-factor authentication'.
 */
export const synonymGroups: readonly (readonly string[])[] = [
  ['soc 2', 'soc2', 'soc ii', 'service organization control 2'],
  ['soc 1', 'soc1', 'ssae 18', 'ssae18'],
  ['soc 3', 'soc3'],
  [
    'mfa',
    '2fa',
    'two-factor authentication',
    'multi-factor authentication',
    'multi factor authentication',
    'two factor authentication',
  ],
  ['pen test', 'pentest', 'penetration test', 'penetration testing', 'pen testing'],
  ['sso', 'single sign-on', 'single sign on', 'saml', 'oidc'],
  ['dpa', 'data processing agreement', 'data processing addendum'],
  ['encryption at rest', 'encrypted at rest', 'data at rest encryption', 'disk encryption'],
  ['encryption in transit', 'encrypted in transit', 'tls', 'https'],
  ['iso 27001', 'iso27001', 'iso/iec 27001', 'isms'],
  ['iso 27701', 'iso27701'],
  ['gdpr', 'general data protection regulation'],
  ['ccpa', 'california consumer privacy act', 'cpra'],
  ['hipaa', 'baa', 'business associate agreement'],
  ['pci', 'pci dss', 'pci-dss', 'payment card industry'],
  ['bcp', 'business continuity plan', 'business continuity'],
  ['drp', 'disaster recovery plan', 'disaster recovery'],
  ['rto', 'recovery time objective'],
  ['rpo', 'recovery point objective'],
  ['sla', 'service level agreement', 'uptime commitment'],
  ['vulnerability scan', 'vulnerability scanning', 'vuln scan'],
  ['bug bounty', 'vulnerability disclosure program', 'responsible disclosure'],
  ['siem', 'security information and event management', 'log monitoring'],
  ['edr', 'endpoint detection and response', 'antivirus', 'anti-malware'],
  ['rbac', 'role-based access control', 'role based access control', 'least privilege'],
  ['sdlc', 'secure development lifecycle', 'software development life cycle'],
  ['ir plan', 'incident response plan', 'incident response'],
  ['subprocessor', 'sub-processor', 'subprocessors', 'sub-processors', 'third-party processor'],
  ['byok', 'bring your own key', 'customer-managed keys', 'customer managed keys'],
  ['kms', 'key management service', 'key management'],
  ['pii', 'personal data', 'personally identifiable information'],
  ['nda', 'non-disclosure agreement', 'confidentiality agreement'],
  ['waf', 'web application firewall'],
  ['ddos', 'denial of service'],
  ['background check', 'background checks', 'background screening'],
  ['security awareness training', 'security training', 'phishing training'],
];

const maxVariants = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const groupPatterns = synonymGroups.map((group) =>
  group.map((form) => ({
    form,
    pattern: new RegExp(`(^|[^a-z0-9])${escapeRegExp(form)}(?=$|[^a-z0-9])`, 'i'),
  })),
);

/**
 * The term and its rewrites: for every vocabulary group the term mentions, each other form of the
 * group replaces the mention (combined across groups, at most maxVariants in all, the term first).
 */
export function expandQuery(term: string): string[] {
  let variants = [term];
  for (const forms of groupPatterns) {
    const found = forms.find(({ pattern }) => pattern.test(term));
    if (!found) continue;
    const next: string[] = [];
    for (const variant of variants) {
      next.push(variant);
      for (const { form } of forms) {
        if (form === found.form) continue;
        next.push(variant.replace(found.pattern, (_match, before: string) => `${before}${form}`));
      }
    }
    variants = [...new Set(next)];
    if (variants.length >= maxVariants) break;
  }
  return variants.slice(0, maxVariants);
}
