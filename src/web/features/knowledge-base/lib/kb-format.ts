import { formatDate, formatDateTime } from '../../../../shared/dates';
import type { KbHit } from '../../../../shared/knowledge-base';
import {
  type KbAccessLevel,
  kbAccessLevelLabels,
  kbSourceTypeLabels,
} from '../../../../shared/knowledge-base-texts';
import type { ProductSummary } from '../../../../shared/portal';

/** Hits carry Unix seconds. */
export function formatKbDate(seconds: number): string {
  return formatDate(seconds * 1000);
}

export function formatKbDateTime(seconds: number): string {
  return formatDateTime(seconds * 1000);
}

export function accessLabel(level: KbAccessLevel): string {
  return kbAccessLevelLabels[level];
}

export function sourceLabel(hit: KbHit): string {
  const type = kbSourceTypeLabels[hit.source_type];
  return hit.source_name ? `${type}: ${hit.source_name}` : type;
}

/** Product names of an entry; no products means it belongs to every product. */
export function productNames(
  hit: Pick<KbHit, 'product_ids'>,
  products: readonly Pick<ProductSummary, 'productId' | 'productName'>[],
): string {
  if (hit.product_ids.length === 0) return 'All products';
  return hit.product_ids
    .map((id) => products.find((product) => product.productId === id)?.productName ?? 'Unknown product')
    .join(', ');
}
