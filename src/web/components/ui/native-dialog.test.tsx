// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { click, type Rendered, renderInDom } from '../../lib/test-support/render-in-dom';
import { NativeDialog } from './native-dialog';

let rendered: Rendered | undefined;

// jsdom has <dialog> without its methods; these stand-ins only toggle `open`, as far as the tests look.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false;
};

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.documentElement.style.overflow = '';
});

async function renderDialog(closes: string[]) {
  rendered = await renderInDom(
    <NativeDialog title="Welcome" description="What this page is" onClose={() => closes.push('close')}>
      <a href="/terms">Terms</a>
      <button type="button" data-autofocus>
        Inside
      </button>
    </NativeDialog>,
  );
  const dialog = rendered.container.querySelector('dialog');
  if (!dialog) throw new Error('no dialog');
  return dialog;
}

describe('NativeDialog', () => {
  it('opens named and described by its title and text, and locks the page scroll while open', async () => {
    const dialog = await renderDialog([]);
    expect(dialog.open).toBe(true);
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(title?.textContent).toBe('Welcome');
    expect(description?.textContent).toBe('What this page is');
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.activeElement?.textContent).toBe('Inside');
    await rendered?.unmount();
    rendered = undefined;
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('closes on Escape (the cancel event) and on the backdrop, not on a click inside', async () => {
    const closes: string[] = [];
    const dialog = await renderDialog(closes);
    await click(dialog.querySelector('button'));
    expect(closes).toEqual([]);
    const cancel = new Event('cancel', { cancelable: true });
    await act(async () => dialog.dispatchEvent(cancel));
    // The page decides: the browser must not close the dialog behind React's back.
    expect(cancel.defaultPrevented).toBe(true);
    expect(closes).toEqual(['close']);
    await click(dialog);
    expect(closes).toEqual(['close', 'close']);
  });
});
