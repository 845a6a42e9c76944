import type { PortalView } from '../../../../shared/portal';

/** Spec 1 §6 / spec 3 §6: the Subscribe button on updates shows when subscribing is on and not in Main mode. */
export function isUpdatesSubscribeShown(view: PortalView): boolean {
  return view.customisation.subscribeEnabled && view.viewer.mode !== 'main';
}

/** Staff with statuspage:edit in Main mode publish in place (spec 1 §6); Main mode is a staff session. */
export function canPublishInPlace(view: PortalView): boolean {
  return view.viewer.mode === 'main' && Boolean(view.viewer.staff?.canEdit);
}

/** Non-main viewers do not see the card when no topic is visible to them (spec 3 §2). */
export function isUpdatesCardShown(view: PortalView, totalTopics: number): boolean {
  return view.viewer.mode === 'main' || totalTopics > 0;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only a topic id can be looked up; anything else in tcuUid is ignored rather than sent. */
export function isTopicId(value: string | null): value is string {
  return value !== null && uuidPattern.test(value);
}
