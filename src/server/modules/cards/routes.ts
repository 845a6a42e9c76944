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
import { type AppDeps, verbContext } from '../../context';
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
const staffRoute = { viewer: 'staff' as const };
const tags = ['cards'];

/** Text and JSON bodies were parsed by Fastify's own parsers; their bytes still go through the type check. */
function bodyBytes(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return body === undefined || body === null ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body), 'utf8');
}

/** Staff edits of cards and items (spec 3 §7, spec 2 §7); every write needs statuspage:edit. */
export const cardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {

  app.patch(
    '/api/trust-center/products/:productId',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Section order of the product',
        params: productParams,
        body: SectionOrderInput,
        response: { 200: SectionOrder },
      },
    },
    (request) => updateSectionOrder({ ctx: verbContext(deps, request), input: { ...request.params, ...request.body } }),
  );

  app.patch(
    '/api/trust-center/products/:productId/cards',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Card order of the product',
        params: productParams,
        body: CardOrderInput,
        response: { 200: CardOrder },
      },
    },
    (request) => updateCardOrder({ ctx: verbContext(deps, request), input: { ...request.params, ...request.body } }),
  );

  app.patch(
    '/api/trust-center/products/:productId/cards/:kind',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Hide or show a card, its texts, and the drawer’s save of its items',
        params: cardParams,
        body: CardPatch,
        response: { 200: CardView },
      },
    },
    (request) => updateCard({ ctx: verbContext(deps, request), input: { ...request.params, patch: request.body } }),
  );

  app.patch(
    '/api/trust-center/products/:productId/cards/:kind/items',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Item order of a card',
        params: cardParams,
        body: ItemOrderInput,
        response: { 200: CardView },
      },
    },
    (request) => updateItemOrder({ ctx: verbContext(deps, request), input: { ...request.params, ...request.body } }),
  );

  app.post(
    '/api/trust-center/products/:productId/cards/:kind/items',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Adds a custom item (it may start untitled), with its files (a documents item needs one)',
        params: cardParams,
        body: CustomItemCreate.optional(),
        response: { 201: ItemView },
      },
    },
    async (request, reply) => {
      const item = await createCustomItem({
        ctx: verbContext(deps, request),
        input: { ...request.params, title: request.body?.title, fileIds: request.body?.fileIds },
      });
      return reply.status(201).send(item);
    },
  );

  app.delete(
    '/api/trust-center/products/:productId/items/:itemUid',
    {
      config: staffRoute,
      schema: { tags, summary: 'Deletes a custom item', params: itemParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteCustomItem({ ctx: verbContext(deps, request), input: request.params });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/trust-center/products/:productId/items/:itemUid',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Moves an item to another card and/or sets its custom URL slug',
        params: itemParams,
        body: ItemMoveOrSlug,
        response: { 200: MovedItemView },
      },
    },
    (request) =>
      moveItemOrSetSlug({ ctx: verbContext(deps, request), input: { ...request.params, change: request.body } }),
  );

  await app.register(async (plugin) => {
    const icons = plugin.withTypeProvider<ZodTypeProvider>();
    // The icon arrives as the raw body; its real type is read from the bytes, whatever the header says.
    icons.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 4 * iconMaxBytes },
      (_request, body, done) => done(null, body),
    );

    icons.put(
      '/api/trust-center/products/:productId/cards/:kind/icon',
      {
        config: staffRoute,
        bodyLimit: 4 * iconMaxBytes,
        schema: {
          tags,
          summary: 'Sets the card icon: raw PNG, JPEG or SVG body of at most 1 MB',
          params: cardParams,
          response: { 200: CardIcon },
        },
      },
      (request) =>
        setCardIcon({
          ctx: verbContext(deps, request),
          input: {
            ...request.params,
            contentType: request.headers['content-type'],
            bytes: bodyBytes(request.body),
          },
        }),
    );

    icons.delete(
      '/api/trust-center/products/:productId/cards/:kind/icon',
      {
        config: staffRoute,
        schema: {
          tags,
          summary: 'Resets the card icon to the default',
          params: cardParams,
          response: { 200: CardIcon },
        },
      },
      (request) => resetCardIcon({ ctx: verbContext(deps, request), input: request.params }),
    );
  });
};
