import type { PlanFeatures } from './cards';
import type { HackerOneData, StatusIndicator, StatuspageData } from './specialised-cards';

/**
 * Live integrations (spec 2 §3, §5, §7, §8): the bug-bounty program (HackerOne), the status page
 * (Atlassian Statuspage) and the security scorecard grade. Plain functions and texts, no zod: the
 * portal's lazy widget and the editors share them with the server.
 */

export const hackerOneHost = 'hackerone.com';

export const integrationTexts = {
  bugBountyTitle: 'HackerOne bug bounty program',
  statusPageTitle: 'Statuspage',
  connect: 'Connect',
  connecting: 'Connecting…',
  connected: 'Connected',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting…',
  showOnTrustCenter: 'Show on Trust Center',
  programLink: 'Program link',
  statusPageLink: 'Status page link',
  linkRequired: 'This field is required',
  statuspageInvalidLink: 'Please enter a valid Statuspage link, e.g. https://status.example.com',
  reportsResolved: 'Reports resolved',
  lastReportResolved: 'Last report resolved',
  averageTimeToFirstResponse: 'Average time to first response',
  averageTimeToTriage: 'Average time to triage',
  averageBounty: 'Average bounty',
  liveStatistics: 'Live statistics from HackerOne',
  liveStatus: 'Live status',
  disconnected: 'Integration disconnected',
  connectedToast: 'Integration connected',
} as const;

/** Colour of each live indicator (spec 2 §3): none and operational green, then yellow, orange, red, blue. */
export const statusIndicatorColours: Record<StatusIndicator, 'green' | 'yellow' | 'orange' | 'red' | 'blue'> =
  {
    none: 'green',
    operational: 'green',
    minor: 'yellow',
    major: 'orange',
    critical: 'red',
    maintenance: 'blue',
  };

export const statusIndicatorLabels: Record<StatusIndicator, string> = {
  none: 'No known issues',
  operational: 'All systems operational',
  minor: 'Minor service disruption',
  major: 'Major service disruption',
  critical: 'Critical service outage',
  maintenance: 'Under maintenance',
};

/** Spec 2 §6: the integrations need the Growth plan; an absent flag (self-hosted) means included. */
export function integrationsAllowed(planFeatures: Partial<PlanFeatures>): boolean {
  return planFeatures.integrations !== false;
}

/**
 * The program handle of a HackerOne program page (spec 2 §5): {host}/{program}, https or no scheme,
 * no query parameters or fragment, nothing after the handle but a slash. Null when it is not one.
 */
export function parseHackerOneLink(link: string): string | null {
  const text = link.trim();
  if (!text || /[?#]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  if (url.hostname !== hackerOneHost && url.hostname !== `www.${hackerOneHost}`) return null;
  const match = url.pathname.match(/^\/([A-Za-z0-9][A-Za-z0-9_-]{0,99})\/?$/);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * A status page address: https (or no scheme), a public-looking host name, an optional path, no query
 * parameters. Returns the page's base address without a trailing slash, or null. Whether the name
 * resolves to a public address is the server's check, at connect time and on every call.
 */
export function parseStatuspageLink(link: string): string | null {
  const text = link.trim();
  if (!text || /[?#]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (!/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(url.hostname)) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export type IntegrationConnection = { link: string; showInCard: boolean; connectedAt: string };

/** What the staff editor shows of one integration: the plan gate, the connection and its live data. */
export type IntegrationState<Data> = {
  allowed: boolean;
  connection: IntegrationConnection | null;
  data: Data | null;
  /** The live call's failure, as the spec's text; null when it answered or nothing is connected. */
  error: string | null;
};

export type HackerOneState = IntegrationState<HackerOneData>;
export type StatuspageState = IntegrationState<StatuspageData>;

/** A duration in hours as the widget writes it: minutes under an hour, hours under two days, then days. */
export function formatHours(hours: number | null): string | null {
  if (hours === null || !Number.isFinite(hours) || hours < 0) return null;
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} ${Math.round(hours) === 1 ? 'hr' : 'hrs'}`;
  return `${Math.round(hours / 24)} days`;
}

/** The cards and items a connection's live widget shows under (spec 2 §4 card-specific priority). */
export const integrationHostCards = ['ApplicationSecurity', 'Infrastructure'] as const;
const hostKeys = {
  'application-security.bug-bounty': 'hackerone',
  'infrastructure.status-monitoring': 'statuspage',
} as const;

export function integrationKindOfHostKey(key: string | null): 'hackerone' | 'statuspage' | null {
  return key && key in hostKeys ? hostKeys[key as keyof typeof hostKeys] : null;
}

export function hostKeyOfIntegration(kind: 'hackerone' | 'statuspage'): string {
  return kind === 'hackerone' ? 'application-security.bug-bounty' : 'infrastructure.status-monitoring';
}
