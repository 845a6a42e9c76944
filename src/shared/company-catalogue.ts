/**
 * Companies for the trusted-by card and subprocessors (spec 2 §3): three shapes by source, and the
 * built-in list of 21 well-known companies the company picker offers. The built-in logos are drawn
 * by the project as monograms in a brand-like colour; no third-party artwork ships. Plain data.
 */

export type CompanyRef =
  | { source: 'brandfetch' | 'clearbit'; domain: string; logo: string | null; name: string }
  | { source: 'addendum'; companyId: string }
  | { source: 'custom'; name: string };

export type KnownCompany = { companyId: string; name: string; domain: string; color: string };

export const knownCompanies: KnownCompany[] = [
  { companyId: 'aws', name: 'Amazon Web Services', domain: 'aws.amazon.com', color: '#232f3e' },
  { companyId: 'google-cloud', name: 'Google Cloud', domain: 'cloud.google.com', color: '#1a56c4' },
  { companyId: 'microsoft-azure', name: 'Microsoft Azure', domain: 'azure.microsoft.com', color: '#0064b5' },
  { companyId: 'cloudflare', name: 'Cloudflare', domain: 'cloudflare.com', color: '#b45309' },
  { companyId: 'datadog', name: 'Datadog', domain: 'datadoghq.com', color: '#632ca6' },
  { companyId: 'stripe', name: 'Stripe', domain: 'stripe.com', color: '#4f46e5' },
  { companyId: 'twilio', name: 'Twilio', domain: 'twilio.com', color: '#c8102e' },
  { companyId: 'sendgrid', name: 'SendGrid', domain: 'sendgrid.com', color: '#0f6fa8' },
  { companyId: 'salesforce', name: 'Salesforce', domain: 'salesforce.com', color: '#0b6bb8' },
  { companyId: 'slack', name: 'Slack', domain: 'slack.com', color: '#4a154b' },
  { companyId: 'zendesk', name: 'Zendesk', domain: 'zendesk.com', color: '#03363d' },
  { companyId: 'intercom', name: 'Intercom', domain: 'intercom.com', color: '#1f4fd1' },
  { companyId: 'atlassian', name: 'Atlassian', domain: 'atlassian.com', color: '#0052cc' },
  { companyId: 'github', name: 'GitHub', domain: 'github.com', color: '#24292f' },
  { companyId: 'okta', name: 'Okta', domain: 'okta.com', color: '#00297a' },
  { companyId: 'snowflake', name: 'Snowflake', domain: 'snowflake.com', color: '#0b6a94' },
  { companyId: 'mongodb', name: 'MongoDB', domain: 'mongodb.com', color: '#116149' },
  { companyId: 'hubspot', name: 'HubSpot', domain: 'hubspot.com', color: '#b83d1e' },
  { companyId: 'segment', name: 'Segment', domain: 'segment.com', color: '#2c7a5b' },
  { companyId: 'sentry', name: 'Sentry', domain: 'sentry.io', color: '#362d59' },
  {
    companyId: 'google-workspace',
    name: 'Google Workspace',
    domain: 'workspace.google.com',
    color: '#1e6b35',
  },
];

const knownById = new Map(knownCompanies.map((company) => [company.companyId, company]));

export function knownCompany(companyId: string): KnownCompany | undefined {
  return knownById.get(companyId);
}

/** What every renderer needs: a name, maybe a domain, and a logo image or a monogram colour. */
export type CompanyDisplay = { name: string; domain: string | null; logo: string | null; color: string };

/** Dark enough for white monogram letters (contrast ≥ 4.5:1), and far enough apart to tell six apart. */
const monogramColors = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#6d28d9',
  '#c2410c',
  '#0f766e',
  '#be185d',
  '#334155',
];

/** A company without a logo gets a colour of its own, the same wherever its name appears. */
function colorOfName(name: string): string {
  let hash = 0;
  for (const character of name.trim().toLowerCase()) hash = (hash * 33 + character.charCodeAt(0)) >>> 0;
  return monogramColors[hash % monogramColors.length]!;
}

export function companyDisplay(company: CompanyRef): CompanyDisplay {
  if (company.source === 'custom')
    return { name: company.name, domain: null, logo: null, color: colorOfName(company.name) };
  if (company.source === 'addendum') {
    const known = knownById.get(company.companyId);
    return known
      ? { name: known.name, domain: known.domain, logo: null, color: known.color }
      : { name: company.companyId, domain: null, logo: null, color: colorOfName(company.companyId) };
  }
  return { name: company.name, domain: company.domain, logo: company.logo, color: '#475569' };
}

/** Built-in companies whose name or domain contains the text (case-insensitive), in list order. */
export function searchKnownCompanies(text: string): KnownCompany[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return knownCompanies;
  return knownCompanies.filter(
    (company) => company.name.toLowerCase().includes(needle) || company.domain.includes(needle),
  );
}

export function monogram(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}
