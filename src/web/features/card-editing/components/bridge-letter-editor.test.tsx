// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeLetterView } from '../../../../shared/documents';
import { setCsrfToken } from '../../../lib/api-client';
import {
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { cardFixture, editingViewFixture, itemFixture } from '../test-support/editing-fixtures';
import { DrawerEditor } from './drawer-editor';

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
let rendered: Rendered | undefined;

const soc2 = itemFixture({ title: 'SOC 2 Type 2', isPublic: false, type: 'SOC 2' });
const pentest = itemFixture({ title: 'Penetration test', type: 'Penetration test' });
const reports = cardFixture('Reports', 'Reports', [soc2, pentest]);
const productId = '11111111-1111-4111-8111-111111111111';
const letterUrl = `/api/trust-center/products/${productId}/bridge-letters/soc2`;

function letterView(overrides: Partial<BridgeLetterView> = {}): BridgeLetterView {
  return {
    letterType: 'soc2',
    letterEnabled: false,
    letterContent: '',
    signerName: '',
    signerTitle: '',
    letterId: null,
    itemUid: soc2.itemUid,
    letterDate: null,
    fileName: 'Acme-SOC-2-Bridge-Letter.pdf',
    viewUrl: null,
    ...overrides,
  };
}
let stored: BridgeLetterView;

beforeEach(() => {
  setCsrfToken('csrf-1');
  calls = [];
  stored = letterView();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (url.endsWith('/bridge-letters/soc1')) {
      return Response.json({ ...letterView({ letterType: 'soc1', itemUid: null }) });
    }
    if (url === letterUrl && call.method === 'PUT') {
      stored = letterView({
        ...(call.body as object),
        letterId: '33333333-3333-4333-8333-333333333333',
        letterDate: '2026-11-26',
        viewUrl: '/api/statuspage/share/acme/documents/33333333?itemUid=x&disposition=inline',
      });
      return Response.json(stored);
    }
    if (url === letterUrl) return Response.json(stored);
    return Response.json({});
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function renderReports(planFeatures: Record<string, boolean> = {}, onDone = () => {}) {
  const base = editingViewFixture({ cards: [reports] });
  const view = { ...base, planFeatures: { ...base.planFeatures, ...planFeatures } };
  rendered = await renderInDom(
    <DrawerEditor view={view} card={reports} onDone={onDone} onDirtyChange={() => {}} />,
  );
  return waitFor(() => document.querySelector<HTMLElement>('[data-testid="bridge-letter-editor"]'));
}

const switchIn = (editor: HTMLElement) => editor.querySelector<HTMLButtonElement>('[role="switch"]')!;
const fieldLabelled = (editor: HTMLElement, label: string) => {
  const labelElement = [...editor.querySelectorAll('label')].find((element) => element.textContent === label);
  return document.getElementById(labelElement!.htmlFor) as HTMLInputElement | HTMLTextAreaElement;
};
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent);
const saveButton = () =>
  [...document.querySelectorAll('button')].find((button) => button.textContent === 'Save')!;
const writes = () => calls.filter((call) => call.method !== 'GET');

describe('BridgeLetterEditor in the Reports editor', () => {
  it("sits under the SOC 2 report only, asks for the three fields on Save, then saves with the card's one Save", async () => {
    const onDone = vi.fn();
    const editor = await renderReports({}, onDone);
    expect(editor.closest('[data-testid="item-editor"]')?.getAttribute('data-item-uid')).toBe(soc2.itemUid);
    expect(document.querySelectorAll('[data-testid="bridge-letter-editor"]')).toHaveLength(1);
    expect(editor.textContent).toContain('Enable bridge letter');

    await click(switchIn(editor));
    await click(saveButton());
    await settle();
    expect(writes()).toEqual([]);
    expect(alerts()).toEqual([
      'Letter Content is required',
      'Signer Name is required',
      'Signer Title is required',
    ]);
    expect(document.activeElement).toBe(fieldLabelled(editor, 'Letter Content'));

    await typeInto(fieldLabelled(editor, 'Letter Content'), 'No changes since the audit period ended.');
    await typeInto(fieldLabelled(editor, 'Signer Name'), 'Dana Whitfield');
    expect(alerts()).toEqual(['Signer Title is required']);
    await typeInto(fieldLabelled(editor, 'Signer Title'), 'CISO');
    await click(saveButton());
    await settle(3);
    expect(writes()).toEqual([
      {
        url: letterUrl,
        method: 'PUT',
        body: {
          letterEnabled: true,
          letterContent: 'No changes since the audit period ended.',
          signerName: 'Dana Whitfield',
          signerTitle: 'CISO',
        },
      },
    ]);
    expect(onDone).toHaveBeenCalled();
  });

  it('shows a saved letter with its date and view link, and a switched-off letter saves without its fields', async () => {
    stored = letterView({
      letterEnabled: true,
      letterContent: 'Nothing changed.',
      signerName: 'Dana Whitfield',
      signerTitle: 'CISO',
      letterId: '33333333-3333-4333-8333-333333333333',
      letterDate: '2026-03-05',
      viewUrl: '/api/statuspage/share/acme/documents/33333333?itemUid=x&disposition=inline',
    });
    const editor = await renderReports();
    expect(editor.textContent).toContain('Dated March 05, 2026');
    const link = [...editor.querySelectorAll('a')].find((anchor) => anchor.textContent === 'View letter');
    expect(link?.getAttribute('href')).toBe(stored.viewUrl);
    expect(editor.querySelector('[data-testid="bridge-letter-file-name"]')?.textContent).toBe(
      'Acme-SOC-2-Bridge-Letter.pdf',
    );

    await click(switchIn(editor));
    await click(saveButton());
    await settle(3);
    expect(writes().map((call) => call.body)).toEqual([
      {
        letterEnabled: false,
        letterContent: 'Nothing changed.',
        signerName: 'Dana Whitfield',
        signerTitle: 'CISO',
      },
    ]);
  });

  it('cuts a file name over 60 characters and keeps the whole name for the tooltip and screen readers', async () => {
    const long = 'Northwind-Traders-International-Holdings-Limited-SOC-2-Bridge-Letter.pdf';
    stored = letterView({ letterEnabled: true, fileName: long });
    const editor = await renderReports();
    const name = editor.querySelector('[data-testid="bridge-letter-file-name"]')!;
    expect(name.tagName).toBe('BUTTON');
    expect(name.querySelector('[aria-hidden]')?.textContent).toBe(`${long.slice(0, 59)}…`);
    expect(name.querySelector('.sr-only')?.textContent).toBe(long);
  });

  it('is locked with the upgrade hint without the bridge letter feature', async () => {
    const editor = await renderReports({ bridgeLetters: false });
    expect(switchIn(editor).disabled).toBe(true);
    expect(editor.querySelector('[aria-label="Upgrade your plan to unlock this feature"]')).not.toBeNull();
  });
});
