import { type RefObject, useEffect, useRef } from 'react';

/**
 * Gives focus back to a menu's trigger when a dialog opened from that menu closes. Radix returns it to
 * the menu item that opened the dialog, which is gone by then, so focus would fall to the page.
 */
export function useFocusReturn(triggerRef: RefObject<HTMLElement | null>, isDialogOpen: boolean) {
  const wasOpen = useRef(false);
  useEffect(() => {
    if (isDialogOpen) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    // After the dialog's own focus restoration, which runs in a task once it unmounts.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) triggerRef.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [isDialogOpen, triggerRef]);
}
