import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerMaxBytes,
  CreateProductInput,
  CreateProductLinkInput,
  OrderInput,
  ProductCatalogue,
  ProductLinkParams,
  ProductLinkView,
  ProductParams,
  ProductView,
  UpdateProductInput,
  UpdateProductLinkInput,
} from '../../../shared/console-admin';
import type { AppDeps } from '../../context';
import { requireViewer } from '../../plugins/viewer';
import { createProduct } from './create-product';
import { listProductCatalogue } from './list-product-catalogue';
import { orderProducts } from './order-products';
import { createProductLink, deleteProductLink, orderProductLinks, updateProductLink } from './product-links';
import { setDefaultProduct } from './set-default-product';
import { removeProductBanner, setProductBanner } from './set-product-banner';
import { updateProduct } from './update-product';

const staffRoute = { viewer: 'staff' as const };
const tags = ['products'];

function bodyBytes(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

/** Products and product links of the console; every write refreshes the cached portal view. */
export const productRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = (request: FastifyRequest) => ({
    db: deps.database.db,
    viewer: requireViewer(request),
    providers: deps.providers,
  });

  app.get(
    '/api/products',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Products and product links, hidden ones too',
        response: { 200: ProductCatalogue },
      },
    },
    (request) => listProductCatalogue({ ctx: context(request) }),
  );

  app.post(
    '/api/products',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Creates a product (unique slug)',
        body: CreateProductInput,
        response: { 201: ProductView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProduct({ ctx: context(request), input: request.body })),
  );

  app.put(
    '/api/products/order',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Sets the order of all products',
        body: OrderInput,
        response: { 200: z.array(ProductView) },
      },
    },
    (request) => orderProducts({ ctx: context(request), input: request.body }),
  );

  app.patch(
    '/api/products/:productId',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Renames, changes the slug, shows or hides a product',
        params: ProductParams,
        body: UpdateProductInput,
        response: { 200: ProductView },
      },
    },
    (request) => updateProduct({ ctx: context(request), input: { ...request.params, change: request.body } }),
  );

  app.post(
    '/api/products/:productId/default',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Makes the product the default',
        params: ProductParams,
        response: { 200: ProductView },
      },
    },
    (request) => setDefaultProduct({ ctx: context(request), input: request.params }),
  );

  app.delete(
    '/api/products/:productId/banner',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Removes the product banner',
        params: ProductParams,
        response: { 200: ProductView },
      },
    },
    (request) => removeProductBanner({ ctx: context(request), input: request.params }),
  );

  await app.register(async (plugin) => {
    const banners = plugin.withTypeProvider<ZodTypeProvider>();
    // The image arrives as the raw body; its type is read from the bytes, whatever the header says.
    banners.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 2 * bannerMaxBytes },
      (_request, body, done) => done(null, body),
    );
    banners.put(
      '/api/products/:productId/banner',
      {
        config: staffRoute,
        bodyLimit: 2 * bannerMaxBytes,
        schema: {
          tags,
          summary: 'Sets the product banner: raw PNG, JPEG or SVG body of at most 2 MB (assets:edit)',
          params: ProductParams,
          response: { 200: ProductView },
        },
      },
      (request) =>
        setProductBanner({
          ctx: context(request),
          input: {
            ...request.params,
            contentType: request.headers['content-type'],
            bytes: bodyBytes(request.body),
          },
        }),
    );
  });

  app.post(
    '/api/product-links',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Adds a product link',
        body: CreateProductLinkInput,
        response: { 201: ProductLinkView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createProductLink({ ctx: context(request), input: request.body })),
  );

  app.put(
    '/api/product-links/order',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Sets the order of all product links',
        body: OrderInput,
        response: { 200: z.array(ProductLinkView) },
      },
    },
    (request) => orderProductLinks({ ctx: context(request), input: request.body }),
  );

  app.patch(
    '/api/product-links/:linkId',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Changes a product link’s name, URL or visibility',
        params: ProductLinkParams,
        body: UpdateProductLinkInput,
        response: { 200: ProductLinkView },
      },
    },
    (request) =>
      updateProductLink({ ctx: context(request), input: { ...request.params, change: request.body } }),
  );

  app.delete(
    '/api/product-links/:linkId',
    { config: staffRoute, schema: { tags, summary: 'Deletes a product link', params: ProductLinkParams } },
    async (request, reply) => {
      await deleteProductLink({ ctx: context(request), input: request.params });
      return reply.status(204).send();
    },
  );
};
