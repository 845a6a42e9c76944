// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../../lib/api-client';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
} from '../../../lib/test-support/render-in-dom';
import { cardFixture, editingViewFixture, itemFixture } from '../test-support/editing-fixtures';
import { DrawerEditor } from './drawer-editor';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

type Call = { url: string; method: string; body: unknown; csrf: string | null };
let calls: Call[] = [];
let answer: (call: Call) => Response;
let rendered: Rendered | undefined;

beforeEach(() => {
  calls = [];
  answer = () => new Response(JSON.stringify({}), { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      csrf: new Headers(init.headers).get('x-csrf-token'),
    };
    calls.push(call);
    return answer(call);
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const encryption = itemFixture({ title: 'Encryption at rest' });
const custom = itemFixture({ title: 'Customer key management', isCustom: true });
const view = editingViewFixture({
  cards: [
    cardFixture('DataSecurity', 'Data Security', [encryption, custom]),
    cardFixture('Infrastructure', 'Infrastructure', [itemFixture({ title: 'Status Monitoring' })]),
  ],
});
const card = view.cards[0]!;

async function renderEditor(overrides: { onDone?(): void; onDirtyChange?(dirty: boolean): void } = {}) {
  rendered = await renderInDom(
    <DrawerEditor
      view={view}
      card={card}
      onDone={overrides.onDone ?? (() => {})}
      onDirtyChange={overrides.onDirtyChange ?? (() => {})}
    />,
  );
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
const save = () => byText<HTMLButtonElement>('button', /^(Save|Saving changes\.\.\.)$/)[0];

describe('DrawerEditor', () => {
  it('saves only the changed fields with the CSRF token, then reports done', async () => {
    const onDone = vi.fn();
    const onDirtyChange = vi.fn();
    await renderEditor({ onDone, onDirtyChange });
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);

    await typeInto(field(`item-${encryption.itemUid}-explanation`), 'AES-256-GCM with keys in an HSM.');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await click(save());
    await settle();

    expect(calls).toEqual([
      {
        url: '/api/trust-center/products/11111111-1111-4111-8111-111111111111/cards/DataSecurity',
        method: 'PATCH',
        body: { items: [{ itemUid: encryption.itemUid, explanation: 'AES-256-GCM with keys in an HSM.' }] },
        csrf: 'csrf-1',
      },
    ]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("shows 'Saving changes...' while saving and the root error 'Save error' when the save fails", async () => {
    let fail: (response: Response) => void = () => {};
    answer = () => new Response(null, { status: 500 });
    vi.stubGlobal(
      'fetch',
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          calls.push({ url, method: init.method ?? 'GET', body: undefined, csrf: null });
          fail = resolve;
        }),
    );
    await renderEditor();
    await typeInto(field(`item-${encryption.itemUid}-explanation`), 'Changed');
    await click(save());
    expect(save()?.textContent).toBe('Saving changes...');

    fail(
      new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Save error');
    expect(save()?.textContent).toBe('Save');
  });

  it('gives the validation messages and does not save while a field is invalid', async () => {
    await renderEditor();
    await typeInto(field(`item-${encryption.itemUid}-href`), 'not a link');
    const cardName = byText<HTMLLabelElement>('label', 'Card name')[0];
    await typeInto(field(cardName?.htmlFor ?? ''), 'D');
    await click(save());
    await settle();
    expect(calls).toEqual([]);
    const alerts = [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
    expect(alerts).toContain('Please enter a valid URL.');
    expect(alerts).toContain('Card title must be between 2 and 50 characters');
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
  });

  // Chromium leaves a typed 02/30/2026 as value '' with badInput and fires no change (issue 16 item 4).
  it("says 'Invalid expiration date' for a date the field cannot hold, and does not save", async () => {
    await renderEditor();
    const expiry = field(`item-${encryption.itemUid}-expiry`) as HTMLInputElement;
    Object.defineProperty(expiry, 'validity', { value: { badInput: true, valid: false } });
    expiry.focus();
    expiry.blur();
    await settle();
    await typeInto(field(`item-${encryption.itemUid}-explanation`), 'Changed');
    await click(save());
    await settle();
    expect(calls).toEqual([]);
    const alerts = [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
    expect(alerts).toContain('Invalid expiration date');
  });

  it('adds a custom item with an empty title, warns about a duplicate title, and creates it on save', async () => {
    // The server creates the item as it creates any: not enabled, no content yet.
    const created = (title: string) =>
      itemFixture({
        itemUid: '99999999-9999-4999-8999-999999999999',
        title,
        isCustom: true,
        enabledState: 'NotEnabled',
        explanation: '',
      });
    answer = (call) =>
      call.method === 'POST'
        ? new Response(JSON.stringify(created((call.body as { title: string }).title)), { status: 201 })
        : new Response(JSON.stringify({}), { status: 200 });
    await renderEditor();
    await click(byText('button', 'Add item')[0]);
    const editors = document.querySelectorAll('[data-testid="item-editor"]');
    expect(editors).toHaveLength(3);
    const newTitle = editors[2]?.querySelector<HTMLInputElement>('input[id$="-title"]');
    expect(newTitle?.value).toBe('');

    await typeInto(newTitle, 'status monitoring');
    expect(editors[2]?.querySelector('[role="status"]')?.textContent).toBe(
      'An item named "Status Monitoring" already exists on the Infrastructure card. Consider using the existing item instead of adding a new one.',
    );
    await typeInto(newTitle, 'Bring your own key');
    expect(editors[2]?.querySelector('[role="status"]')).toBeNull();

    await click(save());
    await settle();
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      [
        'POST',
        '/api/trust-center/products/11111111-1111-4111-8111-111111111111/cards/DataSecurity/items',
        { title: 'Bring your own key' },
      ],
      [
        'PATCH',
        '/api/trust-center/products/11111111-1111-4111-8111-111111111111/cards/DataSecurity',
        { items: [{ itemUid: '99999999-9999-4999-8999-999999999999', enabledState: 'Enabled' }] },
      ],
    ]);
  });

  it('deletes a new custom item locally, and a saved one on the server after confirmation', async () => {
    answer = () => new Response(null, { status: 204 });
    await renderEditor();
    await click(byText('button', 'Add item')[0]);
    expect(document.querySelectorAll('[data-testid="item-editor"]')).toHaveLength(3);
    await click(document.querySelector('[aria-label="Delete Untitled item"]'));
    expect(document.querySelectorAll('[data-testid="item-editor"]')).toHaveLength(2);
    expect(calls).toEqual([]);

    await click(document.querySelector('[aria-label="Delete Customer key management"]'));
    expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain(
      '"Customer key management" will be removed from this card.',
    );
    await click(byText('button', 'Delete')[0]);
    await settle();
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['DELETE', `/api/trust-center/products/11111111-1111-4111-8111-111111111111/items/${custom.itemUid}`],
    ]);
    expect(document.querySelectorAll('[data-testid="item-editor"]')).toHaveLength(1);
  });

  it("shows 'Delete Error' when the server cannot delete the item", async () => {
    answer = () => new Response(null, { status: 500 });
    await renderEditor();
    await click(document.querySelector('[aria-label="Delete Customer key management"]'));
    await click(byText('button', 'Delete')[0]);
    await settle();
    const dialog = document.querySelector('[role="alertdialog"]');
    expect(dialog?.querySelector('h2')?.textContent).toBe('Delete Error');
    expect(dialog?.textContent).toContain(
      'There was an unexpected error while deleting "Customer key management".',
    );
    await click(byText('button', 'OK')[0]);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(document.querySelectorAll('[data-testid="item-editor"]')).toHaveLength(2);
  });

  it('leaves at once on Cancel when nothing changed, and asks first when something did', async () => {
    const onDone = vi.fn();
    await renderEditor({ onDone });
    await click(byText('button', 'Cancel')[0]);
    expect(onDone).toHaveBeenCalledOnce();

    await typeInto(field(`item-${encryption.itemUid}-explanation`), 'Changed');
    await click(byText('button', 'Cancel')[0]);
    expect(document.querySelector('[role="alertdialog"] h2')?.textContent).toBe('Discard unsaved changes?');
    expect(onDone).toHaveBeenCalledOnce();
    await click(byText('button', 'Discard changes')[0]);
    expect(onDone).toHaveBeenCalledTimes(2);
    expect(calls).toEqual([]);
  });

  it('offers Hidden only for restricted items, locked with the upgrade hint without the feature', async () => {
    const restricted = itemFixture({ title: 'Pen test', isPublic: false });
    const gatedView = editingViewFixture({
      planFeatures: { ...view.planFeatures, restrictedFiles: false, cardTitleRenaming: false },
      cards: [cardFixture('Reports', 'Reports', [restricted, itemFixture({ title: 'Open' })])],
    });
    rendered = await renderInDom(
      <DrawerEditor view={gatedView} card={gatedView.cards[0]!} onDone={() => {}} onDirtyChange={() => {}} />,
    );
    const hidden = document.getElementById(`item-${restricted.itemUid}-hidden`);
    expect(hidden?.hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('[aria-label="Upgrade your plan to unlock this feature"]')).not.toBeNull();
    expect(document.querySelectorAll('[role="switch"]')).toHaveLength(1);
    expect(byText('label', 'Card name')).toHaveLength(0);
    expect(document.querySelector(`#item-${restricted.itemUid}-title`)).toBeNull();
  });
});

describe('DrawerEditor item type, recurrence and maturity (spec 2 §3, §5)', () => {
  const customReport = itemFixture({ title: 'Red team report', isCustom: true });
  const reports = cardFixture('Reports', 'Reports', [customReport]);
  const reportsView = editingViewFixture({ cards: [reports] });

  async function pick(id: string, value: string) {
    const select = document.getElementById(id) as HTMLSelectElement;
    const { act } = await import('react');
    await act(async () => {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }

  it("asks 'Select an item type to save this item' for a custom report without a type, then saves all three", async () => {
    rendered = await renderInDom(
      <DrawerEditor view={reportsView} card={reports} onDone={() => {}} onDirtyChange={() => {}} />,
    );
    const id = `item-${customReport.itemUid}`;
    await pick(`${id}-recurrence`, 'quarter');
    await click(save());
    await settle();
    expect(calls).toEqual([]);
    const alerts = [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
    expect(alerts).toContain('Select an item type to save this item');

    await pick(`${id}-type`, 'Penetration test');
    await pick(`${id}-maturity`, 'Managed');
    await click(save());
    await settle();
    expect(calls.map((call) => call.body)).toEqual([
      {
        items: [
          {
            itemUid: customReport.itemUid,
            type: 'Penetration test',
            recurrence: 'quarter',
            maturity: 'Managed',
          },
        ],
      },
    ]);
  });

  it('offers no item type on cards without types, but recurrence and maturity everywhere', async () => {
    await renderEditor();
    expect(field(`item-${encryption.itemUid}-type`)).toBeNull();
    const recurrence = document.getElementById(`item-${encryption.itemUid}-recurrence`) as HTMLSelectElement;
    expect([...recurrence.options].map((option) => option.textContent)).toEqual([
      'Not set',
      'n/a',
      'Every day',
      'Every week',
      'Every month',
      'Every quarter',
      'Every year',
    ]);
    expect(document.getElementById(`item-${encryption.itemUid}-maturity`)).not.toBeNull();
  });
});
