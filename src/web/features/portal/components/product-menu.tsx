import {
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useRef,
  useState,
} from 'react';
import { limits } from '../../../../shared/limits';
import type { PortalView } from '../../../../shared/portal';
import type { ProductMenuStart } from './product-menu-popup';
import { ProductMenuTrigger } from './product-menu-trigger';

type ProductMenuProps = { view: PortalView; basePath: string };
type Popup = ComponentType<ProductMenuProps & { start: ProductMenuStart }>;

let popupLoad: Promise<Popup> | undefined;
function loadPopup(): Promise<Popup> {
  popupLoad ??= import('./product-menu-popup').then(
    (module) => module.default,
    (error: unknown) => {
      popupLoad = undefined; // a failed fetch is tried again on the next intent
      throw error;
    },
  );
  return popupLoad;
}

/**
 * Switches product (a page load of /:org?product=slug) or opens one of the organisation's other sites.
 * The first paint has the plain button only; the Radix menu and tooltip load on the first pointer,
 * focus or click and take over what the visitor started (an open asked for, focus, a hover).
 */
export function ProductMenu({ view, basePath }: ProductMenuProps) {
  const [popup, setPopup] = useState<{ Popup: Popup; start: ProductMenuStart } | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const openedByRef = useRef<ProductMenuStart['openedBy']>(null);
  const hoveredAtRef = useRef<number | null>(null);

  if (view.products.length <= 1 && view.productLinks.length === 0) return null;
  if (popup) return <popup.Popup view={view} basePath={basePath} start={popup.start} />;

  const load = () => {
    loadPopup().then(
      (Popup) => {
        const trigger = triggerRef.current;
        const hoveredAt = hoveredAtRef.current;
        const start: ProductMenuStart = {
          openedBy: openedByRef.current,
          isFocused: trigger !== null && document.activeElement === trigger,
          hoverDelayLeftMs:
            hoveredAt === null
              ? null
              : Math.max(0, limits.multiProductTooltipDelayMs - (performance.now() - hoveredAt)),
        };
        setPopup((current) => current ?? { Popup, start });
      },
      () => {},
    );
  };
  const open = (openedBy: 'pointer' | 'keyboard') => {
    openedByRef.current = openedBy;
    load();
  };

  return (
    <ProductMenuTrigger
      ref={triggerRef}
      productName={view.product.productName}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') hoveredAtRef.current = performance.now();
        load();
      }}
      onPointerLeave={() => {
        hoveredAtRef.current = null;
      }}
      onFocus={load}
      // Radix opens on the press, so a release after the swap (on the new button) loses nothing.
      onPointerDown={(event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        open('pointer');
      }}
      // Enter and Space click a button with detail 0; Radix opens those menus with the first item focused.
      onClick={(event: MouseEvent) => {
        if (openedByRef.current === null) open(event.detail === 0 ? 'keyboard' : 'pointer');
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        open('keyboard');
      }}
    />
  );
}
