import { describe, expect, it } from 'vitest';
import { itemViewFixture } from '../../../lib/test-support/card-view-fixture';
import { englishTranslator } from '../../../lib/test-support/english-translator';
import { cardTextsFor } from './card-texts';
import { itemTags } from './item-tags';

const englishCardTexts = cardTextsFor(englishTranslator);

const labels = (item: Parameters<typeof itemTags>[0], mode: Parameters<typeof itemTags>[1]) =>
  itemTags(item, mode, englishCardTexts).map((tag) => tag.label);

describe('itemTags', () => {
  it("shows 'Public Access' to staff in Main mode only, for public items only", () => {
    expect(labels(itemViewFixture({ isPublic: true }), 'main')).toEqual(['Public Access']);
    expect(labels(itemViewFixture({ isPublic: false }), 'main')).toEqual([]);
    for (const mode of ['public', 'preview', 'account_external'] as const) {
      expect(labels(itemViewFixture({ isPublic: true }), mode)).toEqual([]);
    }
  });

  it("tags work in progress 'In Progress'", () => {
    expect(labels(itemViewFixture({ enabledState: 'WorkInProgress' }), 'public')).toEqual(['In Progress']);
    expect(labels(itemViewFixture({ enabledState: 'NotEnabled' }), 'public')).toEqual([]);
  });

  it("tags a recurrence 'Every {recurrence}', except none or n/a", () => {
    expect(labels(itemViewFixture({ recurrence: 'year' }), 'public')).toEqual(['Every year']);
    for (const recurrence of [null, '', '  ', 'n/a', 'N/A']) {
      expect(labels(itemViewFixture({ recurrence }), 'public')).toEqual([]);
    }
  });

  it('puts the tags in the spec order', () => {
    const item = itemViewFixture({ isPublic: true, enabledState: 'WorkInProgress', recurrence: 'quarter' });
    expect(labels(item, 'main')).toEqual(['Public Access', 'In Progress', 'Every quarter']);
  });
});
