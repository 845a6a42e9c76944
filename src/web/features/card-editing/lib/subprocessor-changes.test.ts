import { describe, expect, it } from 'vitest';
import { mergeChanges } from './subprocessor-changes';

describe('mergeChanges', () => {
  it('collects what was added and removed across several saves', () => {
    const once = mergeChanges({ added: [], removed: [] }, { added: ['Sentry'], removed: [] });
    const twice = mergeChanges(once, { added: [], removed: ['Zendesk'] });
    expect(mergeChanges(twice, { added: ['Sentry'], removed: [] })).toEqual({
      added: ['Sentry'],
      removed: ['Zendesk'],
    });
  });

  it('drops a company added and removed again, or removed and added back', () => {
    const added = mergeChanges({ added: [], removed: [] }, { added: ['Hetzner'], removed: [] });
    expect(mergeChanges(added, { added: [], removed: ['Hetzner'] })).toEqual({ added: [], removed: [] });
    const removed = mergeChanges({ added: [], removed: [] }, { added: [], removed: ['Stripe'] });
    expect(mergeChanges(removed, { added: ['Stripe'], removed: [] })).toEqual({ added: [], removed: [] });
  });

  it('keeps a rename as one removal and one addition', () => {
    expect(mergeChanges({ added: [], removed: [] }, { added: ['Acme EU'], removed: ['Acme'] })).toEqual({
      added: ['Acme EU'],
      removed: ['Acme'],
    });
  });
});
