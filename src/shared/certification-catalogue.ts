/**
 * The standards the certifications card offers (spec 2 §3 "Certification catalogue"), each with a
 * badge the project draws itself: a shape, a colour and short label lines — no third-party artwork.
 * Plain data without zod, so the portal's first load can draw badges.
 */

export type BadgeShape = 'shield' | 'circle' | 'hexagon' | 'seal' | 'square';

export type BadgeDesign = {
  shape: BadgeShape;
  /** Fill of the badge; text on it is white, so every colour keeps 4.5:1 against white. */
  color: string;
  /** Up to two short lines drawn on the badge, e.g. ['ISO', '27001']. */
  lines: [string] | [string, string];
  /** A small ribbon under the lines: the issuer or the auditor's name. */
  ribbon?: string;
};

export type Certification = {
  /** Stable slug; the card's item key is `certifications.{slug}`. */
  slug: string;
  title: string;
  explanation: string;
  badge: BadgeDesign;
};

type Row = [
  slug: string,
  title: string,
  explanation: string,
  shape: BadgeShape,
  color: string,
  lines: BadgeDesign['lines'],
  ribbon?: string,
];

const aicpa = '#1e3a8a';
const iso = '#0f5132';
const privacy = '#6b21a8';
const payments = '#9a3412';
const health = '#9f1239';
const government = '#1f2937';
const cloud = '#075985';
const europe = '#1d4ed8';

const rows: Row[] = [
  [
    'soc-1',
    'SOC 1',
    'Audited controls relevant to customers’ financial reporting.',
    'circle',
    aicpa,
    ['SOC 1'],
    'AICPA',
  ],
  [
    'soc-2',
    'SOC 2',
    'Audited annually against the AICPA Trust Services Criteria.',
    'circle',
    aicpa,
    ['SOC 2'],
    'AICPA',
  ],
  [
    'soc-3',
    'SOC 3',
    'A public report on our controls under the Trust Services Criteria.',
    'circle',
    aicpa,
    ['SOC 3'],
    'AICPA',
  ],
  [
    'soc-for-cybersecurity',
    'SOC for Cybersecurity',
    'An examination of our entity-wide cybersecurity risk management program.',
    'circle',
    aicpa,
    ['SOC', 'Cyber'],
    'AICPA',
  ],
  [
    'iso-27001',
    'ISO 27001',
    'Certified information security management system.',
    'seal',
    iso,
    ['ISO', '27001'],
  ],
  [
    'iso-27017',
    'ISO 27017',
    'Cloud security controls certified to ISO/IEC 27017.',
    'seal',
    iso,
    ['ISO', '27017'],
  ],
  [
    'iso-27018',
    'ISO 27018',
    'Protection of personal data in public clouds, certified to ISO/IEC 27018.',
    'seal',
    iso,
    ['ISO', '27018'],
  ],
  [
    'iso-27701',
    'ISO 27701',
    'Certified privacy information management system.',
    'seal',
    iso,
    ['ISO', '27701'],
  ],
  [
    'iso-42001',
    'ISO 42001',
    'Certified artificial intelligence management system.',
    'seal',
    iso,
    ['ISO', '42001'],
  ],
  ['iso-9001', 'ISO 9001', 'Certified quality management system.', 'seal', iso, ['ISO', '9001']],
  [
    'iso-22301',
    'ISO 22301',
    'Certified business continuity management system.',
    'seal',
    iso,
    ['ISO', '22301'],
  ],
  ['iso-20000-1', 'ISO 20000-1', 'Certified IT service management system.', 'seal', iso, ['ISO', '20000']],
  ['iso-14001', 'ISO 14001', 'Certified environmental management system.', 'seal', iso, ['ISO', '14001']],
  [
    'pci-dss',
    'PCI DSS',
    'Compliant with the Payment Card Industry Data Security Standard.',
    'shield',
    payments,
    ['PCI', 'DSS'],
  ],
  [
    'pci-3ds',
    'PCI 3DS',
    'Compliant with the PCI 3-D Secure core security standard.',
    'shield',
    payments,
    ['PCI', '3DS'],
  ],
  ['hipaa', 'HIPAA', 'Safeguards for protected health information under HIPAA.', 'shield', health, ['HIPAA']],
  [
    'hitrust',
    'HITRUST CSF',
    'Certified against the HITRUST Common Security Framework.',
    'hexagon',
    health,
    ['HITRUST'],
    'CSF',
  ],
  [
    'hds',
    'HDS',
    'Certified as a French health data host (Hébergeur de Données de Santé).',
    'shield',
    health,
    ['HDS'],
  ],
  [
    'fedramp',
    'FedRAMP',
    'Authorised under the US Federal Risk and Authorization Management Program.',
    'shield',
    government,
    ['Fed', 'RAMP'],
  ],
  [
    'stateramp',
    'StateRAMP',
    'Authorised under the StateRAMP program for US state and local government.',
    'shield',
    government,
    ['State', 'RAMP'],
  ],
  [
    'fisma',
    'FISMA',
    'Security controls meeting the US Federal Information Security Modernization Act.',
    'shield',
    government,
    ['FISMA'],
  ],
  [
    'cmmc',
    'CMMC',
    'Meets the US Cybersecurity Maturity Model Certification requirements.',
    'hexagon',
    government,
    ['CMMC'],
  ],
  [
    'itar',
    'ITAR',
    'Handles defence-related technical data under the International Traffic in Arms Regulations.',
    'shield',
    government,
    ['ITAR'],
  ],
  [
    'cjis',
    'CJIS',
    'Meets the FBI Criminal Justice Information Services security policy.',
    'shield',
    government,
    ['CJIS'],
  ],
  [
    'nist-csf',
    'NIST CSF',
    'Aligned with the NIST Cybersecurity Framework.',
    'square',
    government,
    ['NIST', 'CSF'],
  ],
  [
    'nist-800-53',
    'NIST SP 800-53',
    'Controls implemented from NIST Special Publication 800-53.',
    'square',
    government,
    ['NIST', '800-53'],
  ],
  [
    'nist-800-171',
    'NIST SP 800-171',
    'Protects controlled unclassified information per NIST SP 800-171.',
    'square',
    government,
    ['NIST', '800-171'],
  ],
  ['gdpr', 'GDPR', 'Compliant with the EU General Data Protection Regulation.', 'circle', europe, ['GDPR']],
  [
    'uk-gdpr',
    'UK GDPR',
    'Compliant with the UK General Data Protection Regulation.',
    'circle',
    europe,
    ['UK', 'GDPR'],
  ],
  ['ccpa', 'CCPA', 'Compliant with the California Consumer Privacy Act.', 'circle', privacy, ['CCPA']],
  ['cpra', 'CPRA', 'Compliant with the California Privacy Rights Act.', 'circle', privacy, ['CPRA']],
  ['lgpd', 'LGPD', 'Compliant with Brazil’s Lei Geral de Proteção de Dados.', 'circle', privacy, ['LGPD']],
  [
    'pipeda',
    'PIPEDA',
    'Compliant with Canada’s Personal Information Protection and Electronic Documents Act.',
    'circle',
    privacy,
    ['PIPEDA'],
  ],
  ['ferpa', 'FERPA', 'Protects student education records under FERPA.', 'circle', privacy, ['FERPA']],
  [
    'coppa',
    'COPPA',
    'Compliant with the Children’s Online Privacy Protection Act.',
    'circle',
    privacy,
    ['COPPA'],
  ],
  [
    'eu-us-dpf',
    'EU-U.S. Data Privacy Framework',
    'Self-certified under the EU-U.S. Data Privacy Framework.',
    'circle',
    privacy,
    ['DPF'],
  ],
  [
    'csa-star',
    'CSA STAR',
    'Listed in the Cloud Security Alliance STAR registry.',
    'hexagon',
    cloud,
    ['CSA', 'STAR'],
  ],
  [
    'cyber-essentials',
    'Cyber Essentials',
    'Certified under the UK government’s Cyber Essentials scheme.',
    'shield',
    cloud,
    ['Cyber', 'Ess.'],
  ],
  [
    'cyber-essentials-plus',
    'Cyber Essentials Plus',
    'Independently tested under the UK Cyber Essentials Plus scheme.',
    'shield',
    cloud,
    ['Cyber', 'Ess. +'],
  ],
  ['tisax', 'TISAX', 'Assessed under the automotive industry’s TISAX label.', 'hexagon', cloud, ['TISAX']],
  [
    'c5',
    'BSI C5',
    'Attested against the German Cloud Computing Compliance Criteria Catalogue (C5).',
    'hexagon',
    cloud,
    ['C5'],
  ],
  ['ens', 'ENS', 'Certified under Spain’s Esquema Nacional de Seguridad.', 'hexagon', cloud, ['ENS']],
  [
    'irap',
    'IRAP',
    'Assessed under Australia’s Information Security Registered Assessors Program.',
    'hexagon',
    cloud,
    ['IRAP'],
  ],
  [
    'k-isms',
    'K-ISMS',
    'Certified under Korea’s information security management system scheme.',
    'hexagon',
    cloud,
    ['K-ISMS'],
  ],
  [
    'mtcs',
    'MTCS',
    'Certified to Singapore’s Multi-Tier Cloud Security standard.',
    'hexagon',
    cloud,
    ['MTCS'],
  ],
  [
    'dora',
    'DORA',
    'Meets the EU Digital Operational Resilience Act for financial entities.',
    'square',
    europe,
    ['DORA'],
  ],
  [
    'nis2',
    'NIS2',
    'Meets the EU NIS2 directive on network and information security.',
    'square',
    europe,
    ['NIS2'],
  ],
  [
    'eu-ai-act',
    'EU AI Act',
    'Meets the obligations of the EU Artificial Intelligence Act.',
    'square',
    europe,
    ['AI Act'],
  ],
  ['sox', 'SOX', 'IT general controls supporting Sarbanes-Oxley compliance.', 'square', aicpa, ['SOX']],
  [
    'glba',
    'GLBA',
    'Safeguards customer financial information under the Gramm-Leach-Bliley Act.',
    'square',
    aicpa,
    ['GLBA'],
  ],
  [
    'swift-csp',
    'SWIFT CSP',
    'Attested against the SWIFT Customer Security Programme.',
    'square',
    payments,
    ['SWIFT', 'CSP'],
  ],
  [
    'wcag',
    'WCAG 2.1 AA',
    'The product meets the Web Content Accessibility Guidelines 2.1 level AA.',
    'circle',
    '#115e59',
    ['WCAG', 'AA'],
  ],
  [
    'vpat',
    'VPAT',
    'A Voluntary Product Accessibility Template describes the product’s accessibility.',
    'circle',
    '#115e59',
    ['VPAT'],
  ],
  [
    'owasp-asvs',
    'OWASP ASVS',
    'Verified against the OWASP Application Security Verification Standard.',
    'square',
    '#374151',
    ['OWASP', 'ASVS'],
  ],
  [
    'cis-controls',
    'CIS Controls',
    'Implements the Center for Internet Security Critical Security Controls.',
    'square',
    '#374151',
    ['CIS', 'Controls'],
  ],
];

export const certificationCatalogue: Certification[] = rows.map(
  ([slug, title, explanation, shape, color, lines, ribbon]) => ({
    slug,
    title,
    explanation,
    badge: { shape, color, lines, ribbon },
  }),
);

/**
 * Auditor badge variants (spec 2 §3): the item's auditor, trimmed and lower-cased, picks the ribbon
 * and colour of the auditor's edition of the badge. Several spellings lead to one auditor.
 */
const auditorVariants: Record<string, { ribbon: string; color: string }> = {
  bsi: { ribbon: 'BSI', color: '#991b1b' },
  'a-lign': { ribbon: 'A-LIGN', color: '#1e40af' },
  align: { ribbon: 'A-LIGN', color: '#1e40af' },
  thoropass: { ribbon: 'Thoropass', color: '#5b21b6' },
  ey: { ribbon: 'EY', color: '#3f3f46' },
  'ernst & young': { ribbon: 'EY', color: '#3f3f46' },
  schellman: { ribbon: 'Schellman', color: '#0e7490' },
  'tv-sud': { ribbon: 'TÜV SÜD', color: '#1e3a8a' },
  'tüv süd': { ribbon: 'TÜV SÜD', color: '#1e3a8a' },
  'tuv sud': { ribbon: 'TÜV SÜD', color: '#1e3a8a' },
  'tüv-süd': { ribbon: 'TÜV SÜD', color: '#1e3a8a' },
  'tuv-sud': { ribbon: 'TÜV SÜD', color: '#1e3a8a' },
  kpmg: { ribbon: 'KPMG', color: '#1e3a8a' },
  deloitte: { ribbon: 'Deloitte', color: '#14532d' },
  pwc: { ribbon: 'PwC', color: '#9a3412' },
  coalfire: { ribbon: 'Coalfire', color: '#7c2d12' },
  prescient: { ribbon: 'Prescient', color: '#155e75' },
  'prescient assurance': { ribbon: 'Prescient', color: '#155e75' },
};

/** The auditors with a badge variant, as staff would type them (the editor suggests these). */
export const auditorsWithBadges: string[] = [
  ...new Set(Object.values(auditorVariants).map((variant) => variant.ribbon)),
];

export function auditorKey(auditor: string | null | undefined): string {
  return (auditor ?? '').trim().toLowerCase();
}

const bySlug = new Map(certificationCatalogue.map((entry) => [entry.slug, entry]));

/** The certification of a catalogue item key (`certifications.iso-27001`), if it is one. */
export function certificationOfKey(catalogueKey: string | null | undefined): Certification | undefined {
  if (!catalogueKey?.startsWith('certifications.')) return undefined;
  return bySlug.get(catalogueKey.slice('certifications.'.length));
}

/** The badge to draw: the standard's own, or its auditor's variant when the auditor has one. */
export function badgeFor(certification: Certification, auditor: string | null | undefined): BadgeDesign {
  const variant = auditorVariants[auditorKey(auditor)];
  return variant ? { ...certification.badge, ...variant } : certification.badge;
}

/** A badge for a custom item or unknown key: a neutral shield with the title's initials. */
export function fallbackBadge(title: string): BadgeDesign {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const initials =
    words.length > 1
      ? words
          .map((word) => word[0])
          .join('')
          .slice(0, 4)
      : title.slice(0, 5);
  return { shape: 'shield', color: '#334155', lines: [initials.toUpperCase() || '?'] };
}
