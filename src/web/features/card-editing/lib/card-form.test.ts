import { describe, expect, it } from 'vitest';
import { cardMessages, type PlanFeatures } from '../../../../shared/cards';
import { cardFixture, editingViewFixture, itemFixture } from '../test-support/editing-fixtures';
import {
  canRenameItem,
  cardFormFrom,
  findDuplicateTitle,
  hasFormErrors,
  isCardFormDirty,
  itemDraftFrom,
  itemPatchesFor,
  newCustomItemDraft,
  validateCardForm,
} from './card-form';

const allFeatures: PlanFeatures = {
  replaceIcons: true,
  cardTitleRenaming: true,
  sectionCustomization: true,
  restrictedFiles: true,
};
const withoutRenaming = { ...allFeatures, cardTitleRenaming: false };

describe('validateCardForm', () => {
  const card = cardFixture('DataSecurity', 'Data Security', [itemFixture({ title: 'Encryption at rest' })]);

  it('accepts the card as it is', () => {
    expect(hasFormErrors(validateCardForm('DataSecurity', cardFormFrom(card), allFeatures))).toBe(false);
  });

  it('gives the spec messages for the card name, item title, link and expiry date', () => {
    const form = cardFormFrom(card);
    const [draft] = form.items;
    if (!draft) throw new Error('fixture has an item');
    const errors = validateCardForm(
      'DataSecurity',
      {
        cardTitle: 'D',
        items: [{ ...draft, title: 'E', href: 'not a link', expiry: '2025-02-30' }],
      },
      allFeatures,
    );
    expect(errors.cardTitle).toBe(cardMessages.cardTitleLength);
    expect(errors.items[draft.key]).toEqual({
      title: cardMessages.itemTitleLength,
      href: 'Please enter a valid URL.',
      expiry: 'Invalid expiration date',
    });
  });

  it('reports a date the control could not read as an invalid expiry date', () => {
    const form = cardFormFrom(card);
    const draft = { ...form.items[0]!, expiry: '', isExpiryMalformed: true };
    const errors = validateCardForm('DataSecurity', { ...form, items: [draft] }, allFeatures);
    expect(errors.items[draft.key]?.expiry).toBe('Invalid expiration date');
  });

  it('checks names only where they can be edited: card name with the feature, titles of custom items', () => {
    const form = cardFormFrom(card);
    const custom = { ...newCustomItemDraft('new-1'), title: '' };
    const catalogue = { ...form.items[0]!, title: '' };
    const errors = validateCardForm(
      'DataSecurity',
      { cardTitle: '', items: [catalogue, custom] },
      withoutRenaming,
    );
    expect(errors.cardTitle).toBeUndefined();
    expect(errors.items[catalogue.key]).toBeUndefined();
    expect(errors.items['new-1']?.title).toBe(cardMessages.itemTitleLength);
  });

  it('allows 2 to 100 characters for an item title and 2 to 50 for a card name', () => {
    const form = cardFormFrom(card);
    const draft = form.items[0]!;
    const valid = validateCardForm(
      'DataSecurity',
      { cardTitle: 'x'.repeat(50), items: [{ ...draft, title: 'x'.repeat(100) }] },
      allFeatures,
    );
    expect(hasFormErrors(valid)).toBe(false);
    const invalid = validateCardForm(
      'DataSecurity',
      { cardTitle: 'x'.repeat(51), items: [{ ...draft, title: 'x'.repeat(101) }] },
      allFeatures,
    );
    expect(invalid.cardTitle).toBe(cardMessages.cardTitleLength);
    expect(invalid.items[draft.key]?.title).toBe(cardMessages.itemTitleLength);
  });
});

describe('canRenameItem', () => {
  it('renames custom items always, others with the feature, and never on Certifications or Security Grades', () => {
    expect(canRenameItem('Legal', true, withoutRenaming)).toBe(true);
    expect(canRenameItem('Legal', false, withoutRenaming)).toBe(false);
    expect(canRenameItem('Legal', false, allFeatures)).toBe(true);
    expect(canRenameItem('Certifications', true, allFeatures)).toBe(false);
    expect(canRenameItem('SecurityGrades', false, allFeatures)).toBe(false);
  });
});

describe('itemPatchesFor', () => {
  it('sends only the fields that changed, and clears hidden when an item becomes public', () => {
    const item = itemFixture({ isPublic: false, isHidden: true, listEntries: ['One'] });
    const untouched = itemFixture({ title: 'Untouched' });
    const card = cardFixture('Legal', 'Legal', [item, untouched]);
    const form = cardFormFrom(card);
    const saved = new Map(form.items.map((draft) => [draft.key, draft]));
    const edited = {
      ...form,
      items: [
        { ...form.items[0]!, explanation: 'New text', isPublic: true, listEntries: 'One\n\n Two ' },
        form.items[1]!,
      ],
    };
    expect(itemPatchesFor('Legal', edited, saved, allFeatures)).toEqual([
      {
        itemUid: item.itemUid,
        explanation: 'New text',
        listEntries: ['One', 'Two'],
        publicAccess: true,
        hidden: false,
      },
    ]);
  });

  it('clears an expiry date with null and leaves titles alone where renaming is not allowed', () => {
    const item = itemFixture({ expiry: '2026-01-31' });
    const form = cardFormFrom(cardFixture('Certifications', 'Compliance', [item]));
    const saved = new Map(form.items.map((draft) => [draft.key, draft]));
    const edited = { ...form, items: [{ ...form.items[0]!, expiry: '', title: 'Renamed' }] };
    expect(itemPatchesFor('Certifications', edited, saved, allFeatures)).toEqual([
      { itemUid: item.itemUid, expiry: null },
    ]);
  });
});

describe('auditor', () => {
  it('saves the auditor trimmed, clears it with null, and leaves an unchanged one out', () => {
    const item = itemFixture({ auditor: 'Schellman' });
    const form = cardFormFrom(cardFixture('Certifications', 'Compliance', [item]));
    const saved = new Map(form.items.map((draft) => [draft.key, draft]));
    const withAuditor = (auditor: string) => ({ ...form, items: [{ ...form.items[0]!, auditor }] });
    expect(itemPatchesFor('Certifications', withAuditor('  BSI '), saved, allFeatures)).toEqual([
      { itemUid: item.itemUid, auditor: 'BSI' },
    ]);
    expect(itemPatchesFor('Certifications', withAuditor('  '), saved, allFeatures)).toEqual([
      { itemUid: item.itemUid, auditor: null },
    ]);
    expect(itemPatchesFor('Certifications', withAuditor('Schellman '), saved, allFeatures)).toEqual([]);
  });
});

describe('isCardFormDirty', () => {
  it('is clean until something changes, including a new custom item', () => {
    const form = cardFormFrom(cardFixture('Legal', 'Legal', [itemFixture()]));
    expect(isCardFormDirty(form, form)).toBe(false);
    expect(isCardFormDirty({ ...form, items: [...form.items, newCustomItemDraft('new-1')] }, form)).toBe(
      true,
    );
    expect(isCardFormDirty({ ...form, cardTitle: 'Legal & Terms' }, form)).toBe(true);
  });
});

describe('findDuplicateTitle', () => {
  const view = editingViewFixture();

  it('finds an item of the same title on another card, ignoring case and spaces around', () => {
    expect(findDuplicateTitle('  status MONITORING ', view.cards, 'DataSecurity')).toEqual({
      itemTitle: 'Status Monitoring',
      cardTitle: 'Infrastructure',
    });
  });

  it('does not warn about items of the same card, nor about empty titles', () => {
    expect(findDuplicateTitle('Backups', view.cards, 'DataSecurity')).toBeNull();
    expect(findDuplicateTitle('   ', view.cards, 'DataSecurity')).toBeNull();
    expect(findDuplicateTitle('Something new', view.cards, 'DataSecurity')).toBeNull();
  });
});

describe('itemDraftFrom', () => {
  it('turns the list into lines and the expiry into a date', () => {
    const draft = itemDraftFrom(itemFixture({ listEntries: ['A', 'B'], expiry: '2026-05-01', href: null }));
    expect(draft.listEntries).toBe('A\nB');
    expect(draft.expiry).toBe('2026-05-01');
    expect(draft.href).toBe('');
  });
});
