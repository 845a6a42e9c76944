/**
 * The card kinds and page sections with what each may do, free of zod: the portal's client code reads
 * them without loading the schema library (card-kinds.ts adds the schemas; decision 318).
 */
/** Every card kind of the spec (spec 2 §3, spec 3 §3), with its display title and where it renders. */
export const cardKindNames = [
  'Reports',
  'Certifications',
  'Questionnaires',
  'ProductFeatures',
  'DataSecurity',
  'ApplicationSecurity',
  'Legal',
  'Ai',
  'Esg',
  'DataPrivacy',
  'AccessControl',
  'Infrastructure',
  'EndpointSecurity',
  'NetworkSecurity',
  'InternalPractices',
  'Policies',
  'ContinuousMonitoring',
  'PhysicalEnvironmental',
  'ChangeConfigurationManagement',
  'AwarenessTraining',
  'BusinessContinuity',
  'AssetManagement',
  'RiskManagement',
  'IncidentResponse',
  'Overview',
  'RiskProfile',
  'SecurityGrades',
  'TrustedBy',
  'Subprocessors',
  'Documents',
  'CustomerData',
] as const;
export type CardKind = (typeof cardKindNames)[number];

/** The page's sections (spec 3 §2 "Re-order sections"); the grid cards all live in 'cards'. */
export const sectionKindNames = [
  'overview',
  'certifications',
  'trusted_by',
  'subprocessors',
  'documents',
  'cards',
  'knowledge_base',
  'trust_center_updates',
  'help',
] as const;
export type SectionKind = (typeof sectionKindNames)[number];
export const defaultSectionOrder: SectionKind[] = [...sectionKindNames];

type CardAction = 'edit' | 'displayText' | 'hide' | 'placeholder' | 'reorderItems' | 'icon' | 'customItems';
const allActions: CardAction[] = [
  'edit',
  'displayText',
  'hide',
  'placeholder',
  'reorderItems',
  'icon',
  'customItems',
];

export type CardKindInfo = {
  title: string;
  /** Default position among grid cards (spec 3 §3 card order numbers); null for cards in their own section. */
  order: number | null;
  section: SectionKind | null;
  actions: CardAction[];
  /** Items may be moved here from another card. */
  isMoveDestination: boolean;
};

const gridCard = (title: string, order: number): CardKindInfo => ({
  title,
  order,
  section: 'cards',
  actions: allActions,
  isMoveDestination: true,
});

export const cardKinds: Record<CardKind, CardKindInfo> = {
  RiskProfile: {
    title: 'Risk Profile',
    order: 1,
    section: 'cards',
    actions: ['edit', 'displayText', 'hide', 'reorderItems', 'icon'],
    isMoveDestination: false,
  },
  ProductFeatures: gridCard('Product Security Features', 2),
  Reports: gridCard('Reports', 3),
  Questionnaires: gridCard('Questionnaires', 4),
  DataSecurity: gridCard('Data Security', 5),
  ApplicationSecurity: gridCard('App Security', 6),
  Ai: gridCard('AI', 7),
  Esg: gridCard('ESG', 8),
  Legal: gridCard('Legal', 9),
  DataPrivacy: gridCard('Data Privacy', 10),
  AccessControl: gridCard('Access Control', 11),
  Infrastructure: gridCard('Infrastructure', 12),
  EndpointSecurity: gridCard('Endpoint Security', 13),
  NetworkSecurity: gridCard('Network Security', 14),
  InternalPractices: gridCard('Corporate Security', 15),
  Policies: gridCard('Policies', 16),
  // A grade is a grade only here, and another card's item would show here as a grade (decision 171).
  SecurityGrades: {
    ...gridCard('Security Grades', 17),
    actions: ['edit', 'displayText', 'hide', 'placeholder', 'reorderItems', 'icon'],
    isMoveDestination: false,
  },
  IncidentResponse: gridCard('Incident Response', 18),
  RiskManagement: gridCard('Risk Management', 19),
  AssetManagement: gridCard('Asset Management', 20),
  BusinessContinuity: gridCard('Business Continuity', 21),
  AwarenessTraining: gridCard('Security Awareness Training', 22),
  ChangeConfigurationManagement: gridCard('Change & Configuration Management', 23),
  PhysicalEnvironmental: gridCard('Physical & Environmental Security', 24),
  ContinuousMonitoring: gridCard('Continuous Monitoring', 25),
  Overview: {
    title: 'Overview',
    order: null,
    section: 'overview',
    actions: ['edit', 'hide'],
    isMoveDestination: false,
  },
  Certifications: {
    title: 'Compliance',
    order: null,
    section: 'certifications',
    actions: ['edit', 'displayText', 'hide', 'placeholder', 'reorderItems', 'icon'],
    isMoveDestination: false,
  },
  TrustedBy: {
    title: 'Trusted By',
    order: null,
    section: 'trusted_by',
    actions: ['edit', 'displayText', 'hide'],
    isMoveDestination: false,
  },
  Subprocessors: {
    title: 'Subprocessors',
    order: null,
    section: 'subprocessors',
    actions: ['hide', 'icon'],
    isMoveDestination: false,
  },
  Documents: {
    title: 'Documents',
    order: null,
    section: 'documents',
    actions: allActions,
    isMoveDestination: false,
  },
  CustomerData: { title: 'Customer Data', order: null, section: null, actions: [], isMoveDestination: false },
};

/**
 * Whether an item on card `from` may move to card `to`: both must accept items, so every move can be
 * undone (decision 171); an item already away from its catalogue card (`home`) may always go back.
 */
export function canMoveItem(from: CardKind, to: CardKind, home: CardKind | null = null): boolean {
  if (to === from) return false;
  if (to === home) return true;
  return cardKinds[from].isMoveDestination && cardKinds[to].isMoveDestination;
}

export function canCardDo(kind: CardKind, action: CardAction): boolean {
  return cardKinds[kind].actions.includes(action);
}

/** Grid cards in their default order (spec 3 §3, the complete reading: ascending order numbers). */
export const defaultCardOrder: CardKind[] = [...cardKindNames]
  .filter((kind) => cardKinds[kind].order !== null)
  .sort((a, b) => cardKinds[a].order! - cardKinds[b].order!);
