/** Companies added to and removed from the subprocessor list, by name. */
export type ListChange = { added: string[]; removed: string[] };

/**
 * Two changes as one, for the trust update offered after them: a company added and removed again
 * (or the reverse) drops out of both lists; a name appears once.
 */
export function mergeChanges(first: ListChange, second: ListChange): ListChange {
  const added = [...first.added];
  const removed = [...first.removed];
  for (const name of second.added) {
    const index = removed.indexOf(name);
    if (index >= 0) removed.splice(index, 1);
    else if (!added.includes(name)) added.push(name);
  }
  for (const name of second.removed) {
    const index = added.indexOf(name);
    if (index >= 0) added.splice(index, 1);
    else if (!removed.includes(name)) removed.push(name);
  }
  return { added, removed };
}
