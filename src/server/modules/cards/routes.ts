import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardKind } from '../../../shared/card-kinds';
import {
  CardIcon,
  CardOrder,
  CardOrderInput,
  CardPatch,
  CardView,
  CustomItemCreate,
  ItemMoveOrSlug,
  ItemOrderInput,
  ItemView,
  MovedItemView,
  SectionOrder,
  SectionOrderInput,
} from '../../../shared/cards';
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { createCustomItem } from './create-custom-item';
import { deleteCustomItem } from './delete-custom-item';
import { moveItemOrSetSlug } from './move-item-or-set-slug';
import { resetCardIcon } from './reset-card-icon';
import { iconMaxBytes, setCardIcon } from './set-card-icon';
import { updateCard } from './update-card';
import { updateCardOrder } from './update-card-order';
import { updateItemOrder } from './update-item-order';
import { updateSectionOrder } from './update-section-order';

const productParams = z.object({ productId: z.string().uuid() });
const cardParams = productParams.extend({ kind: CardKind });
const itemParams = productParams.extend({ itemUid: z.string().uuid() });
const tags = ['cards'];

/** Text and JSON bodies were parsed by Fastify's own parsers; their bytes still go through the type check. */
function bodyBytes(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return body === undefined || body === null ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body), 'utf8');
}

/** Staff edits of cards and items (spec 3 §7, spec 2 §7); every write needs statuspage:edit. */
export const cardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  staff.patch(
    '/api/trust-center/products/:productId',
    {
      summary: 'Section order of the product',
      params: productParams,
      body: SectionOrderInput,
      response: { 200: SectionOrder },
    },
    (ctx, request) => updateSectionOrder({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.patch(
    '/api/trust-center/products/:productId/cards',
    {
      summary: 'Card order of the product',
      params: productParams,
      body: CardOrderInput,
      response: { 200: CardOrder },
    },
    (ctx, request) => updateCardOrder({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.patch(
    '/api/trust-center/products/:productId/cards/:kind',
    {
      summary: 'Hide or show a card, its texts, and the drawer’s save of its items',
      params: cardParams,
      body: CardPatch,
      response: { 200: CardView },
    },
    (ctx, request) => updateCard({ ctx, input: { ...request.params, patch: request.body } }),
  );

  staff.patch(
    '/api/trust-center/products/:productId/cards/:kind/items',
    {
      summary: 'Item order of a card',
      params: cardParams,
      body: ItemOrderInput,
      response: { 200: CardView },
    },
    (ctx, request) => updateItemOrder({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.post(
    '/api/trust-center/products/:productId/cards/:kind/items',
    {
      summary: 'Adds a custom item (it may start untitled), with its files (a documents item needs one)',
      params: cardParams,
      body: CustomItemCreate.optional(),
      response: { 201: ItemView },
    },
    async (ctx, request) => {
      const item = await createCustomItem({
        ctx,
        input: { ...request.params, title: request.body?.title, fileIds: request.body?.fileIds },
      });
      return item;
    },
  );

  staff.delete(
    '/api/trust-center/products/:productId/items/:itemUid',
    { summary: 'Deletes a custom item', params: itemParams, response: { 204: z.null() } },
    async (ctx, request) => {
      await deleteCustomItem({ ctx, input: request.params });
    },
  );

  staff.patch(
    '/api/trust-center/products/:productId/items/:itemUid',
    {
      summary: 'Moves an item to another card and/or sets its custom URL slug',
      params: itemParams,
      body: ItemMoveOrSlug,
      response: { 200: MovedItemView },
    },
    (ctx, request) => moveItemOrSetSlug({ ctx, input: { ...request.params, change: request.body } }),
  );

  await app.register(async (plugin) => {
    const icons = plugin.withTypeProvider<ZodTypeProvider>();
    // The icon arrives as the raw body; its real type is read from the bytes, whatever the header says.
    icons.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 4 * iconMaxBytes },
      (_request, body, done) => done(null, body),
    );

    staffRoutes(icons, { tags, deps, writes: 'assets:edit' }).put(
      '/api/trust-center/products/:productId/cards/:kind/icon',
      {
        summary: 'Sets the card icon: raw PNG, JPEG or SVG body of at most 1 MB',
        params: cardParams,
        response: { 200: CardIcon },
      },
      (ctx, request) =>
        setCardIcon({
          ctx,
          input: {
            ...request.params,
            contentType: request.headers['content-type'],
            bytes: bodyBytes(request.body),
          },
        }),
      { bodyLimit: 4 * iconMaxBytes },
    );

    staffRoutes(icons, { tags, deps, writes: 'assets:edit' }).delete(
      '/api/trust-center/products/:productId/cards/:kind/icon',
      {
        summary: 'Resets the card icon to the default',
        params: cardParams,
        response: { 200: CardIcon },
      },
      (ctx, request) => resetCardIcon({ ctx, input: request.params }),
    );
  });
};
