import { Toaster as SonnerToaster } from 'sonner';
import { useIsPhone } from '../../lib/use-media-query';

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
 * Where toasts raised with sonner's `toast()` appear: bottom right, or at the top on a phone, where a
 * full-width toast at the bottom would sit on the page's controls there (a hero's Subscribe button)
 * for as long as it shows. A default export, loaded lazily only where something can raise a toast.
 */
export default function Toaster() {
  const isPhone = useIsPhone();
  return (
    <SonnerToaster
      position={isPhone ? 'top-center' : 'bottom-right'}
      closeButton
      style={{ zIndex: toasterZIndex }}
    />
  );
}
