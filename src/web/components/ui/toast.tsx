import { Toaster as SonnerToaster } from 'sonner';

/**
 * Toasts sit above the page (and its fixed share button, z-30) but under every open layer: popovers
 * (z-40) and dialogs and drawers (z-50). A toast must never cover the control a person is using.
 */
export const toasterZIndex = 35;

/**
 * Room a page leaves under its content for a toast at the bottom (sonner's: full width on phones, one
 * line is about 3.5rem plus its 1–1.5rem offset), so the end of a form always scrolls clear of it.
 */
export const toastClearanceClassName = 'pb-28';

/**
 * Where toasts raised with sonner's `toast()` appear. A default export, so a page loads it lazily only
 * where something can raise a toast (staff editing), keeping it out of a visitor's first load.
 */
export default function Toaster() {
  return <SonnerToaster position="bottom-right" closeButton style={{ zIndex: toasterZIndex }} />;
}
