import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CardKind, defaultCardOrder, defaultSectionOrder } from './card-kinds';
import { EnabledState } from './cards';
import { itemCatalogue, riskProfileQuestionKeys } from './item-catalogue';
import {
  compareCards,
  compareItems,
  moveInOrder,
  type OrderableItem,
  orderCards,
  orderItems,
  orderSections,
} from './ordering';

const item = (overrides: Partial<OrderableItem> & { itemUid: string }): OrderableItem => ({
  title: 'Item',
  enabledState: 'Enabled',
  position: null,
  catalogueKey: null,
  ...overrides,
});
const uids = (items: OrderableItem[]) => items.map((entry) => entry.itemUid);

describe('card order', () => {
  it('follows the spec 3 §3 order numbers, ascending, when nothing is customised', () => {
    expect(defaultCardOrder.slice(0, 5)).toEqual([
      'RiskProfile',
      'ProductFeatures',
      'Reports',
      'Questionnaires',
      'DataSecurity',
    ]);
    expect(defaultCardOrder.at(-1)).toBe('ContinuousMonitoring');
    const shuffled = [...defaultCardOrder].reverse().map((kind) => ({ kind, position: null }));
    expect(orderCards(shuffled).map((card) => card.kind)).toEqual(defaultCardOrder);
  });

  it('puts custom positions first, then the rest by default order', () => {
    const cards = [
      { kind: 'Reports' as const, position: null },
      { kind: 'Policies' as const, position: 1 },
      { kind: 'Legal' as const, position: 0 },
      { kind: 'RiskProfile' as const, position: null },
    ];
    expect(orderCards(cards).map((card) => card.kind)).toEqual([
      'Legal',
      'Policies',
      'RiskProfile',
      'Reports',
    ]);
  });

  it('places the cards outside the grid after it, by their section', () => {
    const kinds = ['Documents', 'Overview', 'Reports', 'Certifications'] as const;
    const ordered = orderCards(kinds.map((kind) => ({ kind, position: null })));
    expect(ordered.map((card) => card.kind)).toEqual(['Reports', 'Overview', 'Certifications', 'Documents']);
  });
});

describe('item order', () => {
  it('sorts by enabled state, then custom order, then card priority, then title', () => {
    const items = [
      item({ itemUid: 'c', title: 'Zeta', enabledState: 'NotEnabled', position: 0 }),
      item({ itemUid: 'b', title: 'Beta', enabledState: 'WorkInProgress' }),
      item({ itemUid: 'd', title: 'delta' }),
      item({ itemUid: 'a', title: 'Alpha' }),
      item({ itemUid: 'e', title: 'Omega', position: 0 }),
    ];
    expect(uids(orderItems('DataSecurity', items))).toEqual(['e', 'a', 'd', 'b', 'c']);
  });

  it('lists the card-specific first items first', () => {
    const cases: [CardKind, string][] = [
      ['ApplicationSecurity', 'application-security.responsible-disclosure'],
      ['Infrastructure', 'infrastructure.status-monitoring'],
      ['Legal', 'legal.subprocessors'],
      ['SecurityGrades', 'security-grades.security-scorecard'],
    ];
    for (const [kind, key] of cases) {
      const items = itemCatalogue[kind].map((entry) =>
        item({ itemUid: entry.key, title: entry.title, catalogueKey: entry.key }),
      );
      expect(orderItems(kind, items.reverse())[0]!.catalogueKey, kind).toBe(key);
    }
  });

  it('keeps the risk profile questions in their fixed display order', () => {
    const items = itemCatalogue.RiskProfile.map((entry) =>
      item({ itemUid: entry.key, title: entry.title, catalogueKey: entry.key }),
    );
    expect(uids(orderItems('RiskProfile', [...items].reverse()))).toEqual([...riskProfileQuestionKeys]);
  });

  const arbitraryItem = fc.record({
    itemUid: fc.uuid(),
    title: fc.constantFrom('Alpha', 'alpha', 'Beta', 'Subprocessors', ''),
    enabledState: fc.constantFrom(...EnabledState.options),
    position: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    catalogueKey: fc.option(fc.constantFrom('legal.subprocessors', 'legal.dpa'), { nil: null }),
  });
  const arbitraryKind = fc.constantFrom(...CardKind.options);

  it('is a total order: antisymmetric, transitive, and zero only for the same item', () => {
    fc.assert(
      fc.property(arbitraryKind, arbitraryItem, arbitraryItem, arbitraryItem, (kind, a, b, c) => {
        expect(Math.sign(compareItems(kind, a, b)) + 0).toBe(-Math.sign(compareItems(kind, b, a)) + 0);
        if (compareItems(kind, a, b) === 0) expect(a.itemUid === b.itemUid).toBe(true);
        if (compareItems(kind, a, b) < 0 && compareItems(kind, b, c) < 0) {
          expect(compareItems(kind, a, c)).toBeLessThan(0);
        }
      }),
    );
  });

  it('gives the same order whatever order the items arrive in', () => {
    fc.assert(
      fc.property(
        arbitraryKind,
        fc.uniqueArray(arbitraryItem, { selector: (entry) => entry.itemUid, maxLength: 12 }),
        fc.integer(),
        (kind, items, seed) => {
          const shuffled = fc.sample(fc.shuffledSubarray(items, { minLength: items.length }), {
            numRuns: 1,
            seed,
          })[0]!;
          expect(uids(orderItems(kind, shuffled))).toEqual(uids(orderItems(kind, items)));
        },
      ),
    );
  });

  it('orders cards totally as well', () => {
    const arbitraryCard = fc.record({
      kind: arbitraryKind,
      position: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    });
    fc.assert(
      fc.property(arbitraryCard, arbitraryCard, (a, b) => {
        expect(Math.sign(compareCards(a, b)) + 0).toBe(-Math.sign(compareCards(b, a)) + 0);
        if (compareCards(a, b) === 0) expect(a.kind === b.kind && a.position === b.position).toBe(true);
      }),
    );
  });
});

describe('section order', () => {
  it('uses the default without a saved order and repairs a saved one', () => {
    expect(orderSections(null)).toEqual(defaultSectionOrder);
    expect(orderSections(['help', 'cards', 'nonsense', 'help'])).toEqual([
      'help',
      'cards',
      ...defaultSectionOrder.filter((section) => section !== 'help' && section !== 'cards'),
    ]);
  });
});

describe('moveInOrder', () => {
  it('moves within bounds and ignores moves outside the list', () => {
    expect(moveInOrder(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveInOrder(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveInOrder(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveInOrder(['a', 'b', 'c'], 3, 0)).toEqual(['a', 'b', 'c']);
  });
});

describe('the catalogue', () => {
  it('has unique keys, 4 to 10 items on every control card, the full standards and grade lists, none on Overview and Customer Data', () => {
    const keys = Object.values(itemCatalogue).flatMap((entries) => entries.map((entry) => entry.key));
    expect(new Set(keys).size).toBe(keys.length);
    // Certifications and security grades list every standard and provider the product knows.
    const catalogueLists = new Set(['Certifications', 'SecurityGrades']);
    for (const kind of defaultCardOrder.filter((kind) => !catalogueLists.has(kind))) {
      expect(itemCatalogue[kind].length, kind).toBeGreaterThanOrEqual(4);
      expect(itemCatalogue[kind].length, kind).toBeLessThanOrEqual(10);
    }
    expect(itemCatalogue.SecurityGrades).toHaveLength(13);
    expect(itemCatalogue.Certifications.length).toBeGreaterThanOrEqual(40);
    expect(itemCatalogue.Overview).toEqual([]);
    expect(itemCatalogue.CustomerData).toEqual([]);
    expect(itemCatalogue.Certifications.map((entry) => entry.title)).toEqual(
      expect.arrayContaining(['SOC 2', 'ISO 27001', 'GDPR', 'HIPAA', 'PCI DSS']),
    );
    for (const entry of Object.values(itemCatalogue).flat()) {
      expect(entry.title.length, entry.key).toBeGreaterThanOrEqual(2);
      expect(entry.title.length, entry.key).toBeLessThanOrEqual(100);
    }
  });
});
