import type { PortalView } from '../../../../shared/portal';

/** Links inside the portal keep to the path it was opened on: '/acme' by slug, '/' on a custom domain. */
export function portalHref(basePath: string, query: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const path = basePath || '/';
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The product parameter is only needed for a product other than the default one. */
function productParameter(view: PortalView): string | undefined {
  return view.product.isDefault ? undefined : view.product.productSlug;
}

export function productHref(basePath: string, productSlug: string): string {
  return portalHref(basePath, { product: productSlug });
}

export function previewAsPublicHref(view: PortalView, basePath: string): string {
  return portalHref(basePath, { product: productParameter(view), preview: 'public' });
}

export function exitPreviewHref(view: PortalView, basePath: string): string {
  return portalHref(basePath, { product: productParameter(view) });
}

export function hostOf(address: string): string {
  try {
    return new URL(address).host.replace(/^www\./, '');
  } catch {
    return address;
  }
}
