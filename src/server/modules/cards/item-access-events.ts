import type { ItemAccessLevel, ItemRestrictedLevel } from '../../../shared/analytics';
import { isRestrictedHidden } from '../../policy';
import type { StaffEvent } from '../analytics';

type ItemAccess = { isPublic: boolean; isHidden: boolean };

const accessLevelOf = (item: ItemAccess): ItemAccessLevel => (item.isPublic ? 'public' : 'restricted');
const restrictedLevelOf = (item: ItemAccess): ItemRestrictedLevel =>
  isRestrictedHidden(item) ? 'hidden' : 'visible';

/**
 * The analytics events of one item's save (spec 2 §7): access level and restricted level, each only
 * when its effective value changed. The hidden flag of a public item changes nothing anyone sees, so
 * it is compared as the policy reads it.
 */
export function itemAccessEvents(
  item: { id: string; title: string } & ItemAccess,
  values: Partial<ItemAccess & { title: string }>,
): StaffEvent[] {
  const after = { isPublic: values.isPublic ?? item.isPublic, isHidden: values.isHidden ?? item.isHidden };
  const subject = values.title ?? item.title;
  const events: StaffEvent[] = [];
  const [fromAccess, toAccess] = [accessLevelOf(item), accessLevelOf(after)];
  if (fromAccess !== toAccess) {
    events.push({
      name: 'access_level_changed',
      itemId: item.id,
      subject,
      props: { from: fromAccess, to: toAccess },
    });
  }
  const [fromRestricted, toRestricted] = [restrictedLevelOf(item), restrictedLevelOf(after)];
  if (fromRestricted !== toRestricted) {
    events.push({
      name: 'restricted_level_changed',
      itemId: item.id,
      subject,
      props: { from: fromRestricted, to: toRestricted },
    });
  }
  return events;
}
