/**
 * The risk profile's seven questions and their answers (spec 2 §3), in the fixed display order.
 * Recovery time and point take a range or a custom number of minutes, hours or days (0–99,
 * default 12 hours). No answer at all reads 'No Answer'. Plain data without zod.
 */

/**
 * Risk profile questions in their fixed display order (spec 2 §3). Defined here, not in the item
 * catalogue, so the portal's risk profile card does not pull the whole catalogue into first load.
 */
export const riskProfileQuestionKeys = [
  'risk-profile.data-access',
  'risk-profile.impact',
  'risk-profile.recovery-time',
  'risk-profile.recovery-point',
  'risk-profile.critical-dependence',
  'risk-profile.third-party-dependence',
  'risk-profile.hosting',
] as const;

export type RiskChoice = { value: string; label: string };

export type RiskQuestion = {
  key: (typeof riskProfileQuestionKeys)[number];
  /** The spec's name of the question. */
  name:
    | 'DataAccess'
    | 'Impact'
    | 'RecoveryTime'
    | 'RecoveryPoint'
    | 'CriticalDependence'
    | 'TpDependence'
    | 'Hosting';
  choices: RiskChoice[];
  /** Recovery questions also take a custom unit_number answer. */
  allowsCustom: boolean;
};

export const riskUnits = ['minutes', 'hours', 'days'] as const;
export type RiskUnit = (typeof riskUnits)[number];
export const riskUnitLabels: Record<RiskUnit, string> = { minutes: 'Minutes', hours: 'Hours', days: 'Days' };
export const riskCustomDefault = { unit: 'hours' as RiskUnit, number: 12 };
export const riskCustomRange = { min: 0, max: 99 };

const recoveryChoices: RiskChoice[] = [
  { value: 'immediate', label: 'Immediate' },
  { value: 'hours_24_48', label: '24–48 hours' },
  { value: 'hours_48_72', label: '48–72 hours' },
  { value: 'days_4_7', label: '4–7 days' },
];
const yesNo: RiskChoice[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const [dataAccess, impact, recoveryTime, recoveryPoint, criticalDependence, tpDependence, hosting] =
  riskProfileQuestionKeys;

export const riskQuestions: RiskQuestion[] = [
  {
    key: dataAccess,
    name: 'DataAccess',
    allowsCustom: false,
    choices: [
      { value: 'public', label: 'Public' },
      { value: 'internal', label: 'Internal' },
      { value: 'restricted', label: 'Restricted' },
    ],
  },
  {
    key: impact,
    name: 'Impact',
    allowsCustom: false,
    choices: [
      { value: 'low', label: 'Low' },
      { value: 'moderate', label: 'Moderate' },
      { value: 'substantial', label: 'Substantial' },
      { value: 'severe', label: 'Severe' },
    ],
  },
  { key: recoveryTime, name: 'RecoveryTime', allowsCustom: true, choices: recoveryChoices },
  { key: recoveryPoint, name: 'RecoveryPoint', allowsCustom: true, choices: recoveryChoices },
  { key: criticalDependence, name: 'CriticalDependence', allowsCustom: false, choices: yesNo },
  { key: tpDependence, name: 'TpDependence', allowsCustom: false, choices: yesNo },
  {
    key: hosting,
    name: 'Hosting',
    allowsCustom: false,
    choices: [
      { value: 'major_cloud', label: 'Major cloud provider' },
      { value: 'on_premise', label: 'On premise' },
      { value: 'combination', label: 'Combination' },
    ],
  },
];

export const riskMessages = {
  noAnswer: 'No Answer',
  custom: 'Custom',
  customRange: 'Enter a whole number from 0 to 99',
  invalidChoice: 'Choose one of the listed answers',
  unknownQuestion: 'This item is not a risk profile question',
} as const;

/** An answer: one of the question's choices, or custom with a unit and a number. Null is 'No Answer'. */
export type RiskAnswer = { choice: string } | { choice: 'custom'; unit: RiskUnit; number: number };

export function riskQuestionOfKey(key: string | null | undefined): RiskQuestion | undefined {
  return riskQuestions.find((question) => question.key === key);
}

/** The problem with an answer to a question, or null when it is valid. */
export function riskAnswerError(question: RiskQuestion, answer: RiskAnswer | null): string | null {
  if (answer === null) return null;
  if (answer.choice === 'custom') {
    if (!question.allowsCustom) return riskMessages.invalidChoice;
    const custom = answer as { unit?: unknown; number?: unknown };
    if (!riskUnits.includes(custom.unit as RiskUnit)) return riskMessages.invalidChoice;
    const value = custom.number;
    return typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= riskCustomRange.min &&
      value <= riskCustomRange.max
      ? null
      : riskMessages.customRange;
  }
  return question.choices.some((choice) => choice.value === answer.choice)
    ? null
    : riskMessages.invalidChoice;
}

/** The answer as the card reads it: the choice's label, '12 hours', or 'No Answer'. */
export function riskAnswerLabel(question: RiskQuestion, answer: RiskAnswer | null | undefined): string {
  if (!answer) return riskMessages.noAnswer;
  if (answer.choice === 'custom' && 'unit' in answer) {
    const unit = answer.number === 1 ? answer.unit.replace(/s$/, '') : answer.unit;
    return `${answer.number} ${unit}`;
  }
  return question.choices.find((choice) => choice.value === answer.choice)?.label ?? riskMessages.noAnswer;
}
