import type { CardKind } from '../../../shared/card-kinds';
import type { CardView } from '../../../shared/cards';
import type { Context } from '../../context';
import { loadItemGrants } from '../../policy/item-grants';
import { buildCardViews } from './card-views';
import { listCardRows, listItemRows, loadItemSlugs } from './queries';

/** The product's cards as the viewer may see them: three or four queries, whatever the card count. */
export async function listCardViews({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
  input: { productId: string; kinds?: CardKind[] };
}): Promise<CardView[]> {
  const onlyKind = input.kinds?.length === 1 ? input.kinds[0] : undefined;
  const [cardRows, itemRows, grants, slugs] = await Promise.all([
    listCardRows(ctx.db, input.productId),
    listItemRows(ctx.db, input.productId, {
      cardKind: onlyKind,
      isEnabledOnly: ctx.viewer.mode !== 'main',
    }),
    loadItemGrants(ctx.db, ctx.viewer, input.productId),
    loadItemSlugs(ctx.db, input.productId),
  ]);
  return buildCardViews({ viewer: ctx.viewer, cardRows, itemRows, grants, slugs, kinds: input.kinds });
}
