import { sql } from 'drizzle-orm';
import { CardKind } from '../../../shared/card-kinds';
import { itemCatalogue } from '../../../shared/item-catalogue';
import type { Database } from '../../db/client';

const catalogueRows = JSON.stringify(
  CardKind.options.flatMap((kind) =>
    itemCatalogue[kind].map((item) => ({
      kind,
      key: item.key,
      title: item.title,
      explanation: item.explanation,
      is_public: item.isPublic,
    })),
  ),
);
const cardKindRows = JSON.stringify(CardKind.options.map((kind) => ({ kind })));

/**
 * A card row per kind and the built-in catalogue as NotEnabled items, for one product or (productId
 * omitted) every product. Idempotent: rows that exist are left alone, including catalogue items staff
 * moved to another card, so start-up can run it on every boot and new catalogue entries appear.
 */
export async function materialiseCatalogue(db: Database, productId?: string): Promise<void> {
  const onlyProduct = productId ? sql`where p.id = ${productId}` : sql``;
  await db.execute(sql`
    insert into cards (organisation_id, product_id, kind)
    select p.organisation_id, p.id, c.kind
    from products p cross join jsonb_to_recordset(${cardKindRows}::jsonb) as c(kind text)
    ${onlyProduct}
    on conflict do nothing`);
  await db.execute(sql`
    insert into items (organisation_id, product_id, card_kind, catalogue_key, title, explanation, is_public)
    select p.organisation_id, p.id, c.kind, c.key, c.title, c.explanation, c.is_public
    from products p
    cross join jsonb_to_recordset(${catalogueRows}::jsonb)
      as c(kind text, key text, title text, explanation text, is_public boolean)
    ${onlyProduct}
    on conflict do nothing`);
}

/** Start-up: every product gets the cards and catalogue items it lacks (e.g. after an upgrade). */
export function ensureCatalogueItems(db: Database): Promise<void> {
  return materialiseCatalogue(db);
}
