// @vitest-environment jsdom
import { act } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderInDom } from '../../lib/test-support/render-in-dom';
import { Dialog, DialogContent } from './dialog';
import Toaster from './toast';

let rendered: Rendered | undefined;

const originalMatchMedia = window.matchMedia;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  window.matchMedia = originalMatchMedia;
  toast.dismiss();
});

/** Stands in for matchMedia: only the phone breakpoint's query matches, when `isPhone`. */
function emulateWidth({ isPhone }: { isPhone: boolean }) {
  window.matchMedia = ((query: string) => ({
    matches: isPhone && query === '(max-width: 639px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

async function raiseToast(text: string) {
  await act(async () => {
    toast(text);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return document.querySelector<HTMLElement>('[data-sonner-toaster]');
}

/** The z-index a Tailwind `z-N` class gives, read from the rendered element. */
const tailwindZ = (element: Element | null) => Number(/\bz-(\d+)\b/.exec(element?.className ?? '')?.[1]);

describe('Toaster', () => {
  it('lays its toasts under an open dialog and under popovers (z-40), so they never cover its controls', async () => {
    rendered = await renderInDom(
      <>
        <Toaster />
        <Dialog open>
          <DialogContent title="Search">
            <button type="button">Subscribe</button>
          </DialogContent>
        </Dialog>
      </>,
    );
    await act(async () => {
      toast('Please review the NDA');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(toaster?.textContent).toContain('Please review the NDA');
    const toasterZ = Number(toaster?.style.zIndex);
    const dialogZ = tailwindZ(document.querySelector('[role="dialog"]'));
    const popoverZ = 40;
    expect(dialogZ).toBe(50);
    expect(toasterZ).toBeGreaterThan(0);
    expect(toasterZ).toBeLessThan(popoverZ);
  });

  it('shows toasts at the bottom right on a wide screen and at the top on a phone, off the controls at its bottom', async () => {
    emulateWidth({ isPhone: false });
    rendered = await renderInDom(<Toaster />);
    const wide = await raiseToast('Please accept the NDA');
    expect([wide?.dataset.yPosition, wide?.dataset.xPosition]).toEqual(['bottom', 'right']);
    await rendered.unmount();
    toast.dismiss();

    emulateWidth({ isPhone: true });
    rendered = await renderInDom(<Toaster />);
    const phone = await raiseToast('Please accept the NDA');
    expect([phone?.dataset.yPosition, phone?.dataset.xPosition]).toEqual(['top', 'center']);
  });
});
