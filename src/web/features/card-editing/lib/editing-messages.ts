/** Editing texts the spec does not quote; the quoted ones live in shared/cards.ts (cardMessages). */
export const editingMessages = {
  explanationTooLong: 'The explanation must be at most 10,000 characters',
  listEntryTooLong: 'Each entry must be at most 500 characters',
  tooManyListEntries: 'A list can have at most 100 entries',
  duplicateTitle: (itemTitle: string, cardTitle: string) =>
    `An item named "${itemTitle}" already exists on the ${cardTitle} card. Consider using the existing item instead of adding a new one.`,
  deleteItemTitle: 'Delete item?',
  deleteItemDescription: (title: string) =>
    `"${title}" will be removed from this card. This cannot be undone.`,
  hiddenHint: 'Only accounts whose permission profile includes this item can see it.',
  listEntriesHint: 'One entry per line.',
  auditorHint: "The auditor's badge is shown when we have one (BSI, A-LIGN, Schellman, TÜV SÜD, …).",
  pickStandardsHint:
    'Pick the standards you hold or are working towards. Each picked standard gets its badge on the card.',
  noStandardsMatch: (query: string) => `No standards match "${query}"`,
  standardsPicked: (count: number) => `${count} picked`,
  discardTitle: 'Discard unsaved changes?',
  discardDescription: 'Your changes to this card have not been saved. Leave the editor anyway?',
  keepEditing: 'Keep editing',
  discard: 'Discard changes',
} as const;
