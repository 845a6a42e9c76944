/** Texts of the updates card, bar and console that the spec leaves to us (its own texts are in shared). */
export const updateTexts = {
  publishUpdate: 'Publish update',
  addUpdate: 'Add update',
  privateAudience: 'Members only',
  hidden: 'Hidden',
  privateAudienceHint: 'Only signed-in account members see this update',
  loadFailed: 'Trust updates could not be loaded.',
  retry: 'Try again',
  pagesLabel: 'Trust updates pages',
  earlierUpdates: (count: number) => `Show ${count} earlier ${count === 1 ? 'update' : 'updates'}`,
  hideEarlierUpdates: 'Hide earlier updates',
  emptyForStaff: 'Publish the first update: visitors see it here and subscribers get it by e-mail.',
} as const;
