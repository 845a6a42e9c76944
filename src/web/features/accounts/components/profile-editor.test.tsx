// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../components/ui/dialog';
import { setCsrfToken } from '../../../lib/api-client';
import { json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
} from '../../../lib/test-support/render-in-dom';
import type { ProductItems } from '../lib/restricted-items';
import { itemIds, profileFixture, profileId } from '../test-support/fixtures';
import { ProfileEditor } from './profile-editor';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const cloud = '0a0a0a0a-0000-4000-8000-000000000001';
const catalogue: ProductItems[] = [
  {
    productId: cloud,
    productName: 'Acme Cloud',
    cards: [
      {
        kind: 'Reports',
        title: 'Reports',
        items: [
          { id: itemIds.soc2, title: 'SOC 2 Type II', isHidden: false, isNotEnabled: false },
          { id: itemIds.pentest, title: 'Penetration test', isHidden: true, isNotEnabled: false },
        ],
      },
      {
        kind: 'Legal',
        title: 'Legal',
        items: [
          { id: itemIds.dpa, title: 'Data processing agreement', isHidden: false, isNotEnabled: false },
        ],
      },
    ],
  },
];

const itemBox = (id: string) => document.getElementById(`profile-item-${cloud}-${id}`) as HTMLInputElement;
const cardBox = (kind: string) =>
  document.getElementById(`profile-card-${cloud}-${kind}`) as HTMLInputElement;
const labelOf = (id: string) =>
  document.querySelector(`label[for="profile-item-${cloud}-${id}"]`)?.textContent;

async function renderEditor(profile = profileFixture({ itemIds: [] }), isNew = false) {
  const calls = stubFetch((call) =>
    json({ ...profileFixture(), ...(call.body as object) }, isNew ? 201 : 200),
  );
  const onSaved = vi.fn();
  rendered = await renderInDom(
    <Dialog open>
      <ProfileEditor profile={isNew ? null : profile} catalogue={catalogue} onSaved={onSaved} />
    </Dialog>,
  );
  return { calls, onSaved };
}

describe('ProfileEditor', () => {
  it('lists restricted items by card and marks the hidden ones', async () => {
    await renderEditor();
    expect(byText('legend', 'Acme Cloud')).toHaveLength(1);
    expect(labelOf(itemIds.pentest)).toBe('Penetration testHidden');
    expect(labelOf(itemIds.soc2)).toBe('SOC 2 Type II');
  });

  it('creates a profile with the ticked items, a card at a time or one by one', async () => {
    const { calls, onSaved } = await renderEditor(undefined, true);
    await typeInto(document.getElementById('profile-name'), 'Auditors');
    await click(cardBox('Reports'));
    expect(itemBox(itemIds.soc2).checked).toBe(true);
    expect(itemBox(itemIds.pentest).checked).toBe(true);
    await click(itemBox(itemIds.soc2));
    expect(cardBox('Reports').indeterminate).toBe(true);
    expect(cardBox('Reports').getAttribute('aria-checked')).toBe('mixed');
    await click(itemBox(itemIds.dpa));
    expect(document.body.textContent).toContain('2 items selected');
    await click(byText('button', 'Create profile')[0]);
    await settle();
    expect(writes(calls)).toEqual([
      {
        url: '/api/permission-profiles',
        method: 'POST',
        body: { name: 'Auditors', itemIds: [itemIds.pentest, itemIds.dpa] },
        csrf: 'csrf-1',
      },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('edits a profile: its items start ticked, unlisted ones are kept, and it saves with PATCH', async () => {
    const { calls } = await renderEditor(profileFixture({ itemIds: [itemIds.soc2, itemIds.roadmap] }));
    expect(itemBox(itemIds.soc2).checked).toBe(true);
    await click(itemBox(itemIds.soc2));
    await click(itemBox(itemIds.pentest));
    await click(byText('button', 'Save profile')[0]);
    await settle();
    expect(writes(calls)).toEqual([
      {
        url: `/api/permission-profiles/${profileId}`,
        method: 'PATCH',
        body: { name: 'Auditors', itemIds: [itemIds.roadmap, itemIds.pentest] },
        csrf: 'csrf-1',
      },
    ]);
  });

  it('needs a name and shows it at the field without calling the API', async () => {
    const { calls } = await renderEditor(undefined, true);
    await click(byText('button', 'Create profile')[0]);
    await settle();
    expect(document.getElementById('profile-name-error')?.textContent).toBe(
      'Enter a name of at most 100 characters.',
    );
    expect(writes(calls)).toEqual([]);
  });
});
