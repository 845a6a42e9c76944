import { Check, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { limits } from '../../../../shared/limits';
import type { PortalView } from '../../../../shared/portal';
import {
  Menu,
  MenuContent,
  MenuGroup,
  MenuItem,
  MenuLabel,
  MenuSeparator,
  MenuTrigger,
} from '../../../components/ui/menu';
import { Tooltip } from '../../../components/ui/tooltip';
import { useTranslator } from '../../../lib/i18n';
import { productHref } from '../lib/portal-links';
import { ProductMenuTrigger } from './product-menu-trigger';

/** What the visitor was doing with the plain button while this module loaded, so it carries on. */
export type ProductMenuStart = {
  /** A click or key asked for the menu: it opens at once, by keyboard with the first item focused. */
  openedBy: 'pointer' | 'keyboard' | null;
  /** The plain button had focus: the new one takes it (and shows its tooltip, as focus does). */
  isFocused: boolean;
  /** The pointer rests on the button: its tooltip appears when the hover delay is over. */
  hoverDelayLeftMs: number | null;
};

type ProductMenuPopupProps = { view: PortalView; basePath: string; start: ProductMenuStart };

/** The product switcher's Radix menu and tooltip, loaded on the first pointer, focus or click. */
export default function ProductMenuPopup({ view, basePath, start }: ProductMenuPopupProps) {
  const { t } = useTranslator();
  const { products, productLinks, product: current } = view;
  const hasManyProducts = products.length > 1;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isTooltipOpen, setTooltipOpen] = useState(false);
  const hoverTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isFirstKeyboardOpenRef = useRef(start.openedBy === 'keyboard');

  // Runs once, for the state the plain button handed over; later hovers and focus are Radix's.
  useEffect(() => {
    if (start.openedBy) return;
    if (start.isFocused) triggerRef.current?.focus();
    else if (start.hoverDelayLeftMs !== null && hasManyProducts) {
      hoverTimerRef.current = setTimeout(() => setTooltipOpen(true), start.hoverDelayLeftMs);
    }
    return () => clearTimeout(hoverTimerRef.current);
  }, []);
  const cancelHandedOverHover = () => clearTimeout(hoverTimerRef.current);

  const trigger = (
    <MenuTrigger asChild>
      <ProductMenuTrigger
        ref={triggerRef}
        productName={current.productName}
        onPointerLeave={cancelHandedOverHover}
        onPointerDown={cancelHandedOverHover}
        onKeyDown={cancelHandedOverHover}
      />
    </MenuTrigger>
  );

  // Not modal: a modal menu hides the page from assistive technology while its links stay
  // focusable (axe: aria-hidden-focus); focus still moves into the menu and Escape closes it.
  return (
    <Menu defaultOpen={start.openedBy !== null} modal={false}>
      {hasManyProducts ? (
        <Tooltip
          content="Switch between products"
          delayMs={limits.multiProductTooltipDelayMs}
          open={isTooltipOpen}
          onOpenChange={setTooltipOpen}
        >
          {trigger}
        </Tooltip>
      ) : (
        trigger
      )}
      <MenuContent
        maxHeightPx={limits.productListMaxHeightPx}
        onFocus={(event) => {
          // Radix focuses the first item only in menus it saw opened by keyboard; this one opened on mount.
          if (!isFirstKeyboardOpenRef.current || event.target !== event.currentTarget) return;
          isFirstKeyboardOpenRef.current = false;
          event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
        }}
      >
        <MenuLabel>{t('productMenu.select')}</MenuLabel>
        <MenuGroup>
          {products.map((product) => {
            const isCurrent = product.productId === current.productId;
            return (
              <MenuItem key={product.productId} asChild>
                <a
                  href={productHref(basePath, product.productSlug)}
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  <span className="min-w-0 flex-1 truncate">{product.productName}</span>
                  {isCurrent ? <Check className="size-4 shrink-0 text-brand-ink" aria-hidden /> : null}
                </a>
              </MenuItem>
            );
          })}
        </MenuGroup>
        {productLinks.length > 0 ? (
          <>
            {products.length > 0 ? <MenuSeparator /> : null}
            <MenuGroup>
              {productLinks.map((link) => (
                <MenuItem key={`${link.name}|${link.link}`} asChild>
                  <a href={link.link} target="_blank" rel="noopener noreferrer">
                    <span className="min-w-0 flex-1 truncate">{link.name}</span>
                    <ExternalLink className="size-4 shrink-0 text-slate-400" aria-hidden />
                    <span className="sr-only"> {t('common.opensInNewTab')}</span>
                  </a>
                </MenuItem>
              ))}
            </MenuGroup>
          </>
        ) : null}
      </MenuContent>
    </Menu>
  );
}
