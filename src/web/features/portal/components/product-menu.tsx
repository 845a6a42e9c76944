import { Check, ChevronDown, ExternalLink, Layers } from 'lucide-react';
import { limits } from '../../../../shared/limits';
import { messages } from '../../../../shared/messages';
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
import { productHref } from '../lib/portal-links';

type ProductMenuProps = { view: PortalView; basePath: string };

/** Switches product (a page load of /:org?product=slug) or opens one of the organisation's other sites. */
export function ProductMenu({ view, basePath }: ProductMenuProps) {
  const { products, productLinks, product: current } = view;
  const hasManyProducts = products.length > 1;
  if (!hasManyProducts && productLinks.length === 0) return null;

  const trigger = (
    <MenuTrigger className="group inline-flex h-10 max-w-[min(18rem,60vw)] items-center gap-2 rounded-lg border border-slate-300 bg-white pr-2.5 pl-3 text-sm font-medium text-slate-800 shadow-xs transition hover:border-slate-400 hover:bg-slate-50 data-[state=open]:border-brand-ink">
      <Layers className="size-4 shrink-0 text-brand-ink" aria-hidden />
      <span className="sr-only">Product: </span>
      <span className="truncate">{current.productName}</span>
      <ChevronDown
        className="size-4 shrink-0 text-slate-500 transition group-data-[state=open]:rotate-180"
        aria-hidden
      />
    </MenuTrigger>
  );

  return (
    <Menu>
      {hasManyProducts ? (
        <Tooltip content="Switch between products" delayMs={limits.multiProductTooltipDelayMs}>
          {trigger}
        </Tooltip>
      ) : (
        trigger
      )}
      <MenuContent maxHeightPx={limits.productListMaxHeightPx}>
        <MenuLabel>{messages.selectProduct}</MenuLabel>
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
                    <span className="sr-only"> (opens in a new tab)</span>
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
