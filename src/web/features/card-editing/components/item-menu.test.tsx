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
import { CustomUrlDialog } from './custom-url-dialog';
import { MoveItemDialog } from './move-item-dialog';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
let respond: () => Response;
let bodies: unknown[] = [];

beforeEach(() => {
  bodies = [];
  respond = () => new Response(JSON.stringify({}), { status: 200 });
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    bodies.push(init.body ? JSON.parse(String(init.body)) : undefined);
    return respond();
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const item = itemFixture({ title: 'SOC 2 Type II Report' });
const view = editingViewFixture({
  cards: [
    cardFixture('Reports', 'Reports', [item]),
    cardFixture('Legal', 'Legal'),
    cardFixture('Overview', 'Overview'),
    cardFixture('Certifications', 'Compliance'),
    cardFixture('Documents', 'Documents'),
    cardFixture('RiskProfile', 'Risk Profile'),
    cardFixture('TrustedBy', 'Trusted By'),
    cardFixture('Subprocessors', 'Subprocessors'),
    cardFixture('Policies', 'Policies'),
  ],
});
const write = { productId: view.product.productId };
const slugInput = () => document.querySelector<HTMLInputElement>('input[autocomplete="off"]');
const saveButton = () => byText<HTMLButtonElement>('button', 'Save')[0];

describe('MoveItemDialog', () => {
  it('offers only the cards items may move to, never the current one', async () => {
    rendered = await renderInDom(
      <MoveItemDialog
        open
        onOpenChange={() => {}}
        view={view}
        card={view.cards[0]!}
        item={item}
        write={write}
      />,
    );
    const options = [...document.querySelectorAll('option')].filter((option) => !option.disabled);
    expect(options.map((option) => option.textContent)).toEqual(['Legal', 'Policies']);
  });
});

describe('CustomUrlDialog', () => {
  it('starts from the title, and disables Save when empty, invalid or unchanged', async () => {
    rendered = await renderInDom(
      <CustomUrlDialog
        open
        onOpenChange={() => {}}
        view={view}
        item={{ ...item, customUrlSlug: 'soc-2' }}
        write={write}
      />,
    );
    expect(slugInput()?.value).toBe('soc-2');
    expect(saveButton()?.disabled).toBe(true);
    await typeInto(slugInput(), '');
    expect(saveButton()?.disabled).toBe(true);
    await typeInto(slugInput(), 'SOC 2');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'Invalid url slug, only lowercase letters, numbers and hyphens are allowed',
    );
    expect(saveButton()?.disabled).toBe(true);
    await typeInto(slugInput(), 'a'.repeat(100));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'URL slug must be less than 100 characters',
    );
    await typeInto(slugInput(), 'soc-2-report');
    expect(saveButton()?.disabled).toBe(false);
    expect(document.querySelector('[data-testid="custom-url-preview"]')?.textContent).toBe(
      'https://attest.example/acme/item/soc-2-report',
    );
  });

  it('shows a slug taken by another item as the field error', async () => {
    respond = () =>
      new Response(
        JSON.stringify({
          error: { code: 'conflict', message: 'This URL slug is already in use by item: Pen test' },
        }),
        { status: 409 },
      );
    rendered = await renderInDom(
      <CustomUrlDialog open onOpenChange={() => {}} view={view} item={item} write={write} />,
    );
    expect(slugInput()?.value).toBe('soc-2-type-ii-report');
    await click(saveButton());
    await settle();
    expect(bodies).toEqual([{ customUrlSlug: 'soc-2-type-ii-report' }]);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'This URL slug is already in use by item: Pen test',
    );
    expect(saveButton()?.disabled).toBe(true);
    await typeInto(slugInput(), 'soc-2-type-ii');
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
