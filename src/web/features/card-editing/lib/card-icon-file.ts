import { cardMessages } from '../../../../shared/cards';

export const cardIconTypes = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const cardIconMaxBytes = 1024 * 1024;

/** Why a chosen icon cannot be used, or null when it can (spec 3 §5 "Card icon"). */
export function cardIconProblem(file: { type: string; size: number } | null): string | null {
  if (!file) return cardMessages.iconRequired;
  if (!(cardIconTypes as readonly string[]).includes(file.type)) return cardMessages.iconType;
  if (file.size > cardIconMaxBytes) return cardMessages.iconTooLarge;
  return null;
}
