import { Toaster as SonnerToaster } from 'sonner';

/**
 * Where toasts raised with sonner's `toast()` appear. A default export, so a page loads it lazily only
 * where something can raise a toast (staff editing), keeping it out of a visitor's first load.
 */
export default function Toaster() {
  return <SonnerToaster position="bottom-right" closeButton />;
}
