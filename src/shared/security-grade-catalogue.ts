/**
 * The 13 security grade providers (spec 2 §5 "Security grade entries", §9 colour bands): what each
 * entry's url field holds, which grades it accepts and how a grade is coloured. Plain functions
 * without zod: the portal's first load colours grades, and the zod schemas reuse these checks.
 */

export type GradeBand = 'green' | 'yellow' | 'red';

type GradeRule =
  | { kind: 'numeric'; min: number; max: number; decimals: 0 | 1 }
  | { kind: 'letters'; letters: string[] };

export type SecurityGradeProvider = {
  /** Item key suffix: `security-grades.{slug}`. */
  slug: string;
  displayName: string;
  explanation: string;
  /** What the url field takes: a bare domain, a link with a required prefix, or nothing. */
  url: { kind: 'domain' } | { kind: 'prefix'; origin: string; marker: string; example: string } | null;
  /** Accepted grades: any rule matching is enough; empty for the read-only scorecard and Cis. */
  grades: GradeRule[];
  gradePlaceholder: string;
  /** The grade is fetched ('Get Grade') and cannot be typed. */
  isFetched?: boolean;
  band(grade: string): GradeBand | null;
};

export const gradeMessages = {
  displayNameRequired: 'Display name is required',
  urlRequired: 'This field is required',
  gradeRequired: 'Grade is required',
  invalidGrade: 'Invalid grade.',
  invalidDomain: 'Please enter a domain like example.com, without www or http(s).',
  invalidPrefix: (example: string) => `Please enter a link like ${example}`,
  getGradeFirst: 'Click on "Get Grade" button.',
  getGrade: 'Get Grade',
  gettingGrade: 'Getting grade…',
  badDomain: 'Domain is invalid. Please try a different name.',
  badNetwork: 'Server error. Please try again.',
  notCalculated: 'Your company does not have a score yet. Please try again later',
} as const;

const letterGrades = (from: string[]): GradeRule => ({ kind: 'letters', letters: from });
const aPlusToF = letterGrades(['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'E', 'F']);

function asNumber(grade: string, decimals: 0 | 1): number | null {
  const pattern = decimals === 1 ? /^\d+(\.\d)?$/ : /^\d+$/;
  return pattern.test(grade) ? Number(grade) : null;
}

export function matchesRule(rule: GradeRule, grade: string): boolean {
  if (rule.kind === 'letters') return rule.letters.includes(grade.toUpperCase());
  const value = asNumber(grade, rule.decimals);
  return value !== null && value >= rule.min && value <= rule.max;
}

/** Letter grades by first letter: A and B green, C yellow, D to F red (spec 2 §9). */
function letterBand(grade: string): GradeBand | null {
  const first = grade.trim().toUpperCase()[0];
  if (first === 'A' || first === 'B') return 'green';
  if (first === 'C') return 'yellow';
  if (first === 'D' || first === 'E' || first === 'F') return 'red';
  return null;
}

/** Numeric bands as [greenFrom, yellowFrom]; the spec's overlapping edges go to the better band. */
function numericBand(grade: string, greenFrom: number, yellowFrom: number, decimals: 0 | 1 = 1) {
  const value = asNumber(grade.trim(), decimals);
  if (value === null) return null;
  if (value >= greenFrom) return 'green';
  if (value >= yellowFrom) return 'yellow';
  return 'red';
}

const domainUrl = { kind: 'domain' } as const;
const prefix = (origin: string, marker: string, example: string) =>
  ({ kind: 'prefix', origin, marker, example }) as const;

export const securityGradeProviders: SecurityGradeProvider[] = [
  {
    slug: 'security-scorecard',
    displayName: 'SecurityScorecard',
    explanation: 'Our external security rating from SecurityScorecard.',
    url: domainUrl,
    grades: [letterGrades(['A', 'B', 'C', 'D', 'F'])],
    gradePlaceholder: 'A',
    isFetched: true,
    band: letterBand,
  },
  {
    slug: 'bitsight',
    displayName: 'Bitsight',
    explanation: 'Our external security rating from Bitsight.',
    url: domainUrl,
    grades: [{ kind: 'numeric', min: 300, max: 820, decimals: 0 }],
    gradePlaceholder: '300-820',
    band: (grade) => numericBand(grade, 646, 473, 0),
  },
  {
    slug: 'black-kite',
    displayName: 'Black Kite',
    explanation: 'Our cyber risk rating from Black Kite.',
    url: domainUrl,
    grades: [aPlusToF],
    gradePlaceholder: 'A+ to F',
    band: letterBand,
  },
  {
    slug: 'upguard',
    displayName: 'UpGuard',
    explanation: 'Our external security score from UpGuard.',
    url: domainUrl,
    grades: [{ kind: 'numeric', min: 0, max: 950, decimals: 0 }, letterGrades(['A', 'B', 'C', 'D', 'E'])],
    gradePlaceholder: '0-950 or A-E',
    band: (grade) => (/^\d+$/.test(grade.trim()) ? numericBand(grade, 601, 401, 0) : letterBand(grade)),
  },
  {
    slug: 'cybervadis',
    displayName: 'CyberVadis',
    explanation: 'Our third-party cyber risk assessment score from CyberVadis.',
    url: null,
    grades: [{ kind: 'numeric', min: 0, max: 1000, decimals: 0 }],
    gradePlaceholder: '0-1000',
    band: (grade) => numericBand(grade, 666, 333, 0),
  },
  {
    slug: 'riskrecon',
    displayName: 'RiskRecon',
    explanation: 'Our risk assessment rating from RiskRecon.',
    url: null,
    grades: [{ kind: 'numeric', min: 0, max: 10, decimals: 1 }, letterGrades(['A', 'B', 'C', 'D', 'F'])],
    gradePlaceholder: '0-10 or A-F',
    band: (grade) => (/^\d/.test(grade.trim()) ? numericBand(grade, 8, 7) : letterBand(grade)),
  },
  {
    slug: 'cis-benchmark',
    displayName: 'CIS Benchmark',
    explanation: 'How our systems score against the CIS Benchmarks, from 1 to 5.',
    url: null,
    grades: [{ kind: 'numeric', min: 1, max: 5, decimals: 0 }],
    gradePlaceholder: '1-5',
    band: (grade) => numericBand(grade, 5, 3, 0),
  },
  {
    slug: 'hardenize',
    displayName: 'Hardenize',
    explanation: 'Our network and web security configuration report from Hardenize.',
    url: prefix('https://www.hardenize.com/', '', 'https://www.hardenize.com/report/example.com'),
    grades: [aPlusToF],
    gradePlaceholder: 'A+ to F',
    band: letterBand,
  },
  {
    slug: 'mozilla-observatory',
    displayName: 'Mozilla Observatory',
    explanation: 'The grade of our web security headers and practices from Mozilla Observatory.',
    url: prefix(
      'https://observatory.mozilla.org/',
      '/analyze/',
      'https://observatory.mozilla.org/analyze/example.com',
    ),
    grades: [aPlusToF],
    gradePlaceholder: 'A+ to F',
    band: letterBand,
  },
  {
    slug: 'dmarcian',
    displayName: 'dmarcian Domain Checker',
    explanation: 'How well our e-mail domain is protected by SPF, DKIM and DMARC.',
    url: prefix(
      'https://dmarcian.com/',
      '?domain=',
      'https://dmarcian.com/domain-checker/?domain=example.com',
    ),
    grades: [aPlusToF],
    gradePlaceholder: 'A+ to F',
    band: letterBand,
  },
  {
    slug: 'immuniweb',
    displayName: 'ImmuniWeb',
    explanation: 'The grade of our website security test from ImmuniWeb.',
    url: prefix('https://www.immuniweb.com/', '/websec/', 'https://www.immuniweb.com/websec/example.com/'),
    grades: [aPlusToF],
    gradePlaceholder: 'A+ to F',
    band: letterBand,
  },
  {
    slug: 'ssl-labs',
    displayName: 'Qualys SSL Labs',
    explanation: 'The grade of our TLS configuration from the SSL Labs test.',
    url: prefix(
      'https://www.ssllabs.com/',
      '/ssltest/analyze.html',
      'https://www.ssllabs.com/ssltest/analyze.html?d=example.com',
    ),
    grades: [letterGrades(['A+', 'A', 'A-', 'B', 'C', 'D', 'E', 'F', 'T', 'M'])],
    gradePlaceholder: 'A+ to F',
    band: letterBand,
  },
  {
    slug: 'security-headers',
    displayName: 'Security Headers',
    explanation: 'The grade of our HTTP security headers.',
    url: prefix('https://securityheaders.com/', '?q=', 'https://securityheaders.com/?q=example.com'),
    grades: [aPlusToF],
    gradePlaceholder: 'A+ to F',
    band: letterBand,
  },
];

const providerBySlug = new Map(securityGradeProviders.map((provider) => [provider.slug, provider]));

export function providerOfKey(catalogueKey: string | null | undefined): SecurityGradeProvider | undefined {
  if (!catalogueKey?.startsWith('security-grades.')) return undefined;
  return providerBySlug.get(catalogueKey.slice('security-grades.'.length));
}

/** A bare domain: labels of letters, digits and hyphens, a letter TLD, no scheme, no www. */
const domainPattern = /^(?!www\.)(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isBareDomain(value: string): boolean {
  return domainPattern.test(value.trim());
}

/** What 'Get Grade' says about its domain before asking (spec 2 §8 bad_domain), or null to ask. */
export function getGradeDomainError(domain: string): string | null {
  if (!domain.trim()) return gradeMessages.urlRequired;
  return isBareDomain(domain) ? null : gradeMessages.badDomain;
}

export type GradeEntryInput = { displayName: string; url: string; grade: string };

/**
 * The entry's problems by field (spec 2 §5): display name required; url required when the provider
 * has a url field and in that field's format; grade required without a url field, and in the
 * provider's format whenever given. The scorecard's grade is read-only and must have been fetched.
 */
export function gradeEntryErrors(
  provider: SecurityGradeProvider,
  entry: GradeEntryInput,
): Partial<Record<keyof GradeEntryInput, string>> {
  const errors: Partial<Record<keyof GradeEntryInput, string>> = {};
  const url = entry.url.trim();
  const grade = entry.grade.trim();
  if (!entry.displayName.trim()) errors.displayName = gradeMessages.displayNameRequired;
  if (provider.url) {
    if (!url) errors.url = gradeMessages.urlRequired;
    else if (provider.url.kind === 'domain' && !isBareDomain(url)) errors.url = gradeMessages.invalidDomain;
    else if (provider.url.kind === 'prefix' && !hasPrefix(url, provider.url))
      errors.url = gradeMessages.invalidPrefix(provider.url.example);
  }
  if (provider.isFetched) {
    if (!grade) errors.grade = gradeMessages.getGradeFirst;
    else if (!provider.grades.some((rule) => matchesRule(rule, grade)))
      errors.grade = gradeMessages.invalidGrade;
    return errors;
  }
  if (!grade) {
    if (!provider.url) errors.grade = gradeMessages.gradeRequired;
  } else if (!provider.grades.some((rule) => matchesRule(rule, grade))) {
    errors.grade = gradeMessages.invalidGrade;
  }
  return errors;
}

function hasPrefix(url: string, rule: { origin: string; marker: string }): boolean {
  if (!url.startsWith(rule.origin)) return false;
  try {
    const parsed = new URL(url);
    return rule.marker === '' || `${parsed.pathname}${parsed.search}`.includes(rule.marker);
  } catch {
    return false;
  }
}

/** Colour of a grade, or null when the provider has no band for it. */
export function gradeBand(
  provider: SecurityGradeProvider,
  grade: string | null | undefined,
): GradeBand | null {
  return grade?.trim() ? provider.band(grade.trim()) : null;
}
