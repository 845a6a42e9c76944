// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '../../../../shared/cards';
import { setCsrfToken } from '../../../lib/api-client';
import { json, stubFetch } from '../../../lib/test-support/fetch-double';
import {
  blur,
  byText,
  click,
  press,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
} from '../../../lib/test-support/render-in-dom';
import { cardFixture, editingViewFixture, itemFixture } from '../test-support/editing-fixtures';
import { CardIconDialog } from './card-icon-dialog';
import { CardMenu } from './card-menu';
import { DisplayTextDialog } from './display-text-dialog';
import { PlaceholderDialog } from './placeholder-dialog';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
let bodies: unknown[] = [];

beforeEach(() => {
  bodies = [];
  stubFetch((call) => {
    bodies.push(call.body);
    return json({});
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const view = editingViewFixture();
const write = { productId: view.product.productId };
const dataSecurity = view.cards[0]!;

async function openMenu(card: CardView, planFeatures = view.planFeatures) {
  rendered = await renderInDom(<CardMenu view={{ ...view, planFeatures }} card={card} onEdit={() => {}} />);
  await press(document.querySelector('[data-testid="card-menu-trigger"]'), 'Enter');
  return [...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);
}

const inputLabelled = (label: string) => {
  const element = byText<HTMLLabelElement>('label', label)[0];
  return document.getElementById(element?.htmlFor ?? '') as HTMLInputElement | HTMLTextAreaElement | null;
};

describe('CardMenu', () => {
  it('offers every action a grid card allows', async () => {
    expect(await openMenu(dataSecurity)).toEqual([
      'Edit',
      'Edit display text',
      'Hide',
      'Edit placeholder text',
      'Re-order items',
      'Change card icon',
    ]);
  });

  it('offers only Hide and Change card icon on the subprocessors card, and Show on a hidden card', async () => {
    const subprocessors = { ...cardFixture('Subprocessors', 'Subprocessors'), isHidden: true };
    // Managing the rows is not a card action: editors add, edit and delete subprocessors (spec 2 §6).
    expect(await openMenu(subprocessors)).toEqual(['Manage subprocessors', 'Show', 'Change card icon']);
  });

  it('leaves out Change card icon without the replace-icons feature', async () => {
    const items = await openMenu(dataSecurity, { ...view.planFeatures, replaceIcons: false });
    expect(items).not.toContain('Change card icon');
  });

  it('hides the card and says so', async () => {
    await openMenu(dataSecurity);
    await click(byText('[role="menuitem"]', 'Hide')[0]);
    await settle();
    expect(bodies).toEqual([{ hidden: true }]);
  });
});

describe('DisplayTextDialog', () => {
  it('accepts empty or 4 to 100 characters, with the helper text as the message', async () => {
    rendered = await renderInDom(
      <DisplayTextDialog open onOpenChange={() => {}} card={dataSecurity} write={write} />,
    );
    const input = inputLabelled('Display text');
    await typeInto(input, 'abc');
    await blur(input);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'Must be at least 4 characters, or leave empty for default.',
    );
    await click(byText('button', 'Save')[0]);
    expect(bodies).toEqual([]);

    await typeInto(input, 'x'.repeat(101));
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    await typeInto(input, 'How we keep data safe');
    expect(input?.getAttribute('aria-invalid')).toBeNull();
    await click(byText('button', 'Save')[0]);
    await settle();
    expect(bodies).toEqual([{ displayText: 'How we keep data safe' }]);
  });
});

describe('PlaceholderDialog', () => {
  it('refuses more than 1000 characters with the spec message', async () => {
    rendered = await renderInDom(
      <PlaceholderDialog open onOpenChange={() => {}} card={dataSecurity} write={write} />,
    );
    const input = inputLabelled('Placeholder text');
    await typeInto(input, 'x'.repeat(1001));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(
      'Placeholder text cannot exceed 1000 characters',
    );
    expect(byText<HTMLButtonElement>('button', 'Save')[0]?.disabled).toBe(true);
    await typeInto(input, 'x'.repeat(1000));
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(document.body.textContent).toContain('1000 / 1000 characters');
  });
});

describe('CardIconDialog', () => {
  it("asks for a file when a custom icon is chosen: 'Custom icon is required'", async () => {
    rendered = await renderInDom(
      <CardIconDialog open onOpenChange={() => {}} card={dataSecurity} write={write} />,
    );
    expect(document.querySelector('h2')?.textContent).toBe('Change Data Security card icon');
    await click(inputLabelled('Upload a custom icon') ?? byText('label', 'Upload a custom icon')[0]);
    await click(byText('button', 'Save')[0]);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Custom icon is required');
    expect(bodies).toEqual([]);
  });

  it('lists the default and custom choices with the size hint', async () => {
    rendered = await renderInDom(
      <CardIconDialog
        open
        onOpenChange={() => {}}
        card={{ ...dataSecurity, iconUrl: '/icon.png', items: [itemFixture()] }}
        write={write}
      />,
    );
    expect(byText('label', 'Use default icon')).toHaveLength(1);
    expect(document.body.textContent).toContain('PNG, JPEG or SVG, 20px x 20px, max 1MB.');
  });
});
