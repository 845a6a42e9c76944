import { describe, expect, it } from 'vitest';
import { CardKind, cardKinds } from '../../../../shared/card-kinds';
import { cardViewFixture, itemViewFixture } from '../../../lib/test-support/card-view-fixture';
import { englishTranslator } from '../../../lib/test-support/english-translator';
import { emptyCardText, isCardShown, isGridCard, previewItems } from './card-content';
import { cardTextsFor } from './card-texts';

const englishCardTexts = cardTextsFor(englishTranslator);

describe('previewItems', () => {
  it('lists at most 3 items, enabled ones only, in the card order; expanded, every enabled item', () => {
    const items = [
      itemViewFixture({ title: 'A', enabledState: 'WorkInProgress' }),
      itemViewFixture({ title: 'B' }),
      itemViewFixture({ title: 'C', enabledState: 'NotEnabled' }),
      itemViewFixture({ title: 'D' }),
      itemViewFixture({ title: 'E' }),
      itemViewFixture({ title: 'F' }),
    ];
    const card = cardViewFixture({ items });
    expect(previewItems(card).map((item) => item.title)).toEqual(['B', 'D', 'E']);
    expect(previewItems(card, true).map((item) => item.title)).toEqual(['B', 'D', 'E', 'F']);
    expect(previewItems(cardViewFixture({ items: items.slice(0, 3) })).map((item) => item.title)).toEqual([
      'B',
    ]);
  });
});

describe('isGridCard', () => {
  it('agrees with the card kinds: grid cards are those of the cards section', () => {
    for (const kind of CardKind.options) {
      expect(isGridCard({ kind }), kind).toBe(cardKinds[kind].section === 'cards');
    }
  });
});

describe('isCardShown', () => {
  const empty = cardViewFixture({ items: [] });
  it('shows every card to staff in Main mode, empty or not', () => {
    expect(isCardShown(empty, 'main')).toBe(true);
    expect(isCardShown(cardViewFixture({ kind: 'Documents', items: [] }), 'main')).toBe(true);
  });

  it('hides empty section cards from visitors, and empty grid cards unless staff wrote a placeholder', () => {
    for (const mode of ['public', 'preview', 'account_external'] as const) {
      expect(isCardShown(cardViewFixture({ kind: 'Documents', items: [] }), mode)).toBe(false);
      expect(isCardShown(cardViewFixture({ kind: 'Documents', placeholder: 'Soon' }), mode)).toBe(false);
      expect(isCardShown(empty, mode)).toBe(false);
      expect(isCardShown(cardViewFixture({ placeholder: 'Ask us for details' }), mode)).toBe(true);
      expect(isCardShown(cardViewFixture({ items: [itemViewFixture()] }), mode)).toBe(true);
    }
  });
});

describe('emptyCardText', () => {
  it('uses the placeholder, else counts items in progress, else a default', () => {
    expect(emptyCardText(cardViewFixture({ placeholder: 'Ask us for details' }), englishCardTexts)).toBe(
      'Ask us for details',
    );
    const inProgress = [itemViewFixture({ enabledState: 'WorkInProgress' })];
    expect(emptyCardText(cardViewFixture({ items: inProgress }), englishCardTexts)).toBe(
      '1 item in progress',
    );
    expect(emptyCardText(cardViewFixture(), englishCardTexts)).toBe(
      'Nothing has been added to this card yet.',
    );
  });
});
