import { CustomUrlSlug, type ItemView } from '../../../../shared/cards';
import { deriveItemSlug, itemPermalinkPath } from '../../../../shared/item-links';
import type { PortalView } from '../../../../shared/portal';

/** The slug the custom URL dialog starts with: the saved one, else one derived from the title. */
export function initialCustomUrlSlug(item: Pick<ItemView, 'title' | 'customUrlSlug'>): string {
  return item.customUrlSlug ?? deriveItemSlug(item.title).slice(0, 99).replace(/-+$/, '');
}

/** The first rule the slug breaks, or null (spec 2 §5). */
export function customUrlSlugProblem(slug: string): string | null {
  const parsed = CustomUrlSlug.safeParse(slug);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The full address the item will have, for the preview and the copy button. */
export function customUrlFor(view: PortalView, slug: string): string {
  const publicUrl = new URL(view.publicUrl);
  const basePath = publicUrl.pathname.replace(/\/+$/, '');
  const path = itemPermalinkPath(
    basePath,
    { productSlug: view.product.productSlug, hasSeveralProducts: view.products.length > 1 },
    slug,
  );
  return `${publicUrl.origin}${path}`;
}
