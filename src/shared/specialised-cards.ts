import { z } from 'zod';
import { riskUnits } from './risk-profile-catalogue';

/**
 * Contracts of the specialised cards and integrations (spec 2 §3, §5, §7): risk profile answers,
 * security grade entries, trusted-by companies, subprocessors, the overview text, and the integration
 * connections. Texts in quotes are the spec's.
 */

export const specialisedMessages = {
  required: 'This field is required',
  emptyCertifications: "You haven't selected any certifications or compliance items",
  emptyTrustedBy: "You haven't selected any companies yet",
  trustedByHeading: (organisationName: string) => `Companies that trust ${organisationName}`,
  addItems: 'Add Items',
  searchSubprocessors: 'Search by subprocessor name or information',
  noSubprocessorResults: 'No results match this criteria',
  justUse: (text: string) => `Just use "${text}"`,
  subprocessorAdded: 'Subprocessor added',
  subprocessorUpdated: 'Subprocessor updated',
  subprocessorDeleted: 'Subprocessor deleted',
  subprocessorNotFound: 'Subprocessor not found',
  companyTooLong: 'Company names are at most 200 characters',
  textTooLong: (max: number) => `At most ${max} characters`,
  tooManyCompanies: 'At most 100 companies',
  notSpecialisedItem: 'This item does not belong to this card',
  overviewTooLong: 'The overview is at most 5000 characters',
  upgradePlan: 'Upgrade your plan to unlock this feature',
  hackeroneInvalidLink: (host: string) =>
    `Please enter a valid HackerOne link, e.g. ${host}/acme (without query parameters)`,
  hackeroneUnknown: 'Invalid HackerOne connection. Please try again or contact support.',
  hackeroneNotFound: 'Invalid HackerOne connection: please enter a valid HackerOne link or contact support.',
  temporaryError: (host: string) =>
    `Temporary connection error. It might be due to a temporary issue in ${host}. In the meantime, your live status isn't shared on your Trust Center.`,
  statuspageInvalid: 'Invalid Statuspage connection: please enter a valid Statuspage link or contact support',
  privateAddress: 'This address points to a private network and cannot be used',
  notConnected: 'This integration is not connected',
} as const;

const companyName = z
  .string()
  .trim()
  .min(1, specialisedMessages.required)
  .max(200, specialisedMessages.companyTooLong);
const domain = z
  .string()
  .trim()
  .min(1, specialisedMessages.required)
  .max(253)
  .regex(/^[a-z0-9.-]+\.[a-z]{2,63}$/i, specialisedMessages.required);

/** A company as picked (spec 2 §3): brandfetch (older: clearbit), addendum (built-in list), or custom. */
export const Company = z.discriminatedUnion('source', [
  z.object({
    source: z.enum(['brandfetch', 'clearbit']),
    domain,
    logo: z.string().url().max(2048).startsWith('https://').nullable(),
    name: companyName,
  }),
  z.object({ source: z.literal('addendum'), companyId: z.string().trim().min(1).max(100) }),
  z.object({ source: z.literal('custom'), name: companyName }),
]);
export type Company = z.infer<typeof Company>;

const optionalText = (max: number) =>
  z.string().trim().max(max, specialisedMessages.textTooLong(max)).default('');

export const SubprocessorInput = z.object({
  company: Company,
  purpose: optionalText(500),
  location: optionalText(200),
  additionalDetails: optionalText(2000),
});
export type SubprocessorInput = z.input<typeof SubprocessorInput>;

export const Subprocessor = z.object({
  id: z.string().uuid(),
  company: Company,
  purpose: z.string(),
  location: z.string(),
  additionalDetails: z.string(),
  createdAt: z.string(),
});
export type Subprocessor = z.infer<typeof Subprocessor>;

export const TrustedByInput = z.object({
  companies: z.array(Company).max(100, specialisedMessages.tooManyCompanies),
});
export type TrustedByInput = z.infer<typeof TrustedByInput>;

export const RiskAnswer = z.union([
  z.object({ choice: z.literal('custom'), unit: z.enum(riskUnits), number: z.number() }),
  z.object({ choice: z.string().min(1).max(50) }),
]);

export const RiskProfileInput = z.object({
  answers: z.array(z.object({ itemUid: z.string().uuid(), answer: RiskAnswer.nullable() })).max(7),
});
export type RiskProfileInput = z.infer<typeof RiskProfileInput>;

export const SecurityGradeInput = z.object({
  label: z.string().trim().max(100),
  url: z.string().trim().max(2048).default(''),
  grade: z.string().trim().max(10).default(''),
});
export type SecurityGradeInput = z.input<typeof SecurityGradeInput>;

export const SecurityGradeEntry = z.object({
  itemUid: z.string().uuid(),
  label: z.string(),
  url: z.string(),
  grade: z.string(),
});
export type SecurityGradeEntry = z.infer<typeof SecurityGradeEntry>;

export const OverviewInput = z.object({
  body: z.string().trim().max(5000, specialisedMessages.overviewTooLong),
});

export const IntegrationKind = z.enum(['hackerone', 'statuspage']);
export type IntegrationKind = z.infer<typeof IntegrationKind>;

/** What the page may know of a connection: whether it shows; live data comes from its own call. */
export const IntegrationSummary = z.object({
  kind: IntegrationKind,
  showInCard: z.boolean(),
  /** The item the live widget shows under (bug bounty program, status monitoring); absent in older views. */
  itemUid: z.string().uuid().optional(),
});
export type IntegrationSummary = z.infer<typeof IntegrationSummary>;

/** The specialised data of the portal view, only what the viewer may read (policy gate). */
export const SpecialisedView = z.object({
  /** Catalogue key of the visible items of the specialised cards, for badges, providers and questions. */
  itemKeys: z.record(z.string(), z.string()),
  riskAnswers: z.record(z.string(), RiskAnswer.nullable()),
  securityGrades: z.array(SecurityGradeEntry),
  trustedBy: z.array(Company),
  subprocessors: z.array(Subprocessor),
  /** Published subprocessor change notices not yet in effect, soonest first (issue 34 §3). */
  upcomingSubprocessorChanges: z
    .array(z.object({ effectiveAt: z.string(), lines: z.array(z.string()) }))
    .optional(),
  overview: z.string(),
  integrations: z.array(IntegrationSummary),
});
export type SpecialisedView = z.infer<typeof SpecialisedView>;

export const emptySpecialisedView: SpecialisedView = {
  itemKeys: {},
  riskAnswers: {},
  securityGrades: [],
  trustedBy: [],
  subprocessors: [],
  upcomingSubprocessorChanges: [],
  overview: '',
  integrations: [],
};

/* Integrations (spec 2 §3 bug-bounty and status-page data, §7 calls). */

export const HackerOneConnectInput = z.object({
  productId: z.string().uuid(),
  page: z.string().trim().max(2048),
});
export const StatuspageConnectInput = z.object({
  productId: z.string().uuid(),
  link: z.string().trim().max(2048),
});
export const IntegrationSettingsInput = z.object({ productId: z.string().uuid(), showInCard: z.boolean() });
export const ProductQuery = z.object({ productId: z.string().uuid() });

export const HackerOneData = z.object({
  allowed: z.boolean(),
  enabled: z.boolean(),
  programStatistics: z.object({
    reportsResolved: z.number().nullable(),
    lastReportedResolved: z.string().nullable(),
  }),
  responseEfficiency: z.object({
    averageTimeToFirstResponse: z.number().nullable(),
    averageTimeToTriage: z.number().nullable(),
    averageBounty: z.number().nullable(),
  }),
});
export type HackerOneData = z.infer<typeof HackerOneData>;

export const StatusIndicator = z.enum(['none', 'operational', 'minor', 'major', 'critical', 'maintenance']);
export type StatusIndicator = z.infer<typeof StatusIndicator>;

export const StatuspageData = z.object({
  allowed: z.boolean(),
  showInCard: z.boolean(),
  description: z.string(),
  indicator: StatusIndicator,
});
export type StatuspageData = z.infer<typeof StatuspageData>;

export const ScorecardGrade = z.object({ grade: z.string() });

/** Which integration kinds need which plan (spec 2 §6): bug bounty and status page need Growth. */
export const integrationPlan = 'growth';
