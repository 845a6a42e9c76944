// @vitest-environment jsdom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { limits } from '../../../../shared/limits';
import { press, type Rendered, renderInDom, settle, waitFor } from '../../../lib/test-support/render-in-dom';
import { portalViewFixture, productFixture } from '../lib/portal-view-fixture';
import { ProductMenu } from './product-menu';

const view = portalViewFixture({
  products: [
    productFixture(),
    productFixture({
      productId: '44444444-4444-4444-8444-444444444444',
      productName: 'Acme HR',
      productSlug: 'hr',
      isDefault: false,
    }),
  ],
});

let rendered: Rendered | undefined;

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});

const trigger = () => document.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!;
const menu = () => document.querySelector<HTMLElement>('[role="menu"]');
const menuItems = () => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')];
const tooltip = () => document.querySelector('[role="tooltip"]');
/** The Radix trigger has an id (for aria-controls); the first paint's plain button has none. */
const isRadixTrigger = () => trigger().id !== '';

async function renderMenu() {
  rendered = await renderInDom(<ProductMenu view={view} basePath="/acme" />);
}

async function dispatch(target: Element, event: Event) {
  await act(async () => {
    target.dispatchEvent(event);
  });
}

describe('ProductMenu', () => {
  it('paints a plain button with the menu button semantics and no Radix code, on the server too', async () => {
    const html = renderToString(<ProductMenu view={view} basePath="/acme" />);
    expect(html).toMatch(
      /<button[^>]*aria-haspopup="menu"[^>]*aria-expanded="false"[^>]*data-state="closed"/,
    );
    expect(html).toContain(
      '<span class="sr-only">Product: </span><span class="truncate">Acme Payroll</span>',
    );
    await renderMenu();
    expect(trigger().type).toBe('button');
    expect(trigger().textContent).toBe('Product: Acme Payroll');
    expect(isRadixTrigger()).toBe(false);
    expect(menu()).toBeNull();
  });

  it('opens on the first press of the mouse, as Radix does, focusing the menu', async () => {
    await renderMenu();
    await dispatch(
      trigger(),
      new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'mouse' }),
    );
    await waitFor(menu);
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(menuItems().map((item) => item.textContent)).toEqual(['Acme Payroll', 'Acme HR']);
    expect(menuItems()[1]!.getAttribute('href')).toBe('/acme?product=hr');
    expect(document.activeElement).toBe(menu());
  });

  it('opens on a click that no press came before (assistive technology), and not on a right press', async () => {
    await renderMenu();
    await dispatch(
      trigger(),
      new PointerEvent('pointerdown', { bubbles: true, button: 2, pointerType: 'mouse' }),
    );
    await settle(4);
    expect(menu()).toBeNull();
    await dispatch(trigger(), new MouseEvent('click', { bubbles: true, detail: 1 }));
    await waitFor(menu);
    expect(document.activeElement).toBe(menu());
  });

  it('opens on the first Enter (a click without a pointer) with the first item focused', async () => {
    await renderMenu();
    // Focus alone would load the menu first; here the key comes before the code has arrived.
    await dispatch(trigger(), new MouseEvent('click', { bubbles: true, detail: 0 }));
    await waitFor(() => menuItems().length > 0 && document.activeElement === menuItems()[0]);
    expect(document.activeElement?.textContent).toBe('Acme Payroll');
    // Escape closes it and hands focus back to the (now Radix) trigger.
    await press(document.activeElement, 'Escape');
    await waitFor(() => menu() === null);
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on the first Arrow Down with the first item focused', async () => {
    await renderMenu();
    await press(trigger(), 'ArrowDown');
    await waitFor(() => menuItems().length > 0 && document.activeElement === menuItems()[0]);
    expect(menu()).not.toBeNull();
  });

  it('keeps keyboard focus on the button when the menu code arrives, with its tooltip shown', async () => {
    await renderMenu();
    await act(async () => trigger().focus());
    await waitFor(isRadixTrigger);
    expect(document.activeElement).toBe(trigger());
    expect(menu()).toBeNull();
    await waitFor(tooltip);
    expect(tooltip()?.textContent).toBe('Switch between products');
    // The menu opens from the keyboard as before.
    await press(trigger(), 'Enter');
    await waitFor(() => document.activeElement === menuItems()[0]);
  });

  it('shows the tooltip after the hover delay when the pointer rests on the button, not after it left', async () => {
    await renderMenu();
    await dispatch(trigger(), new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    await waitFor(isRadixTrigger);
    expect(tooltip()).toBeNull();
    await waitFor(tooltip);
    expect(tooltip()?.textContent).toBe('Switch between products');
    expect(menu()).toBeNull();
  });

  it('shows no tooltip when the pointer left during the hover delay', async () => {
    await renderMenu();
    await dispatch(trigger(), new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    await waitFor(isRadixTrigger);
    await dispatch(
      trigger(),
      new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: document.body }),
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, limits.multiProductTooltipDelayMs + 100));
    });
    expect(tooltip()).toBeNull();
  });

  it('is absent when there is neither another product nor a product link', () => {
    const single = portalViewFixture({ products: [productFixture()], productLinks: [] });
    expect(renderToString(<ProductMenu view={single} basePath="/acme" />)).toBe('');
  });
});
