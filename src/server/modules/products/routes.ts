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
import { staffRoutes } from '../../net/staff-routes';
import { createProduct } from './create-product';
import { listProductCatalogue } from './list-product-catalogue';
import { orderProducts } from './order-products';
import { createProductLink, deleteProductLink, orderProductLinks, updateProductLink } from './product-links';
import { setDefaultProduct } from './set-default-product';
import { removeProductBanner, setProductBanner } from './set-product-banner';
import { updateProduct } from './update-product';

const tags = ['products'];

function bodyBytes(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

/** Products and product links of the console; every write refreshes the cached portal view. */
export const productRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });

  staff.get(
    '/api/products',
    { summary: 'Products and product links, hidden ones too', response: { 200: ProductCatalogue } },
    (ctx) => listProductCatalogue({ ctx }),
  );

  staff.post(
    '/api/products',
    { summary: 'Creates a product (unique slug)', body: CreateProductInput, response: { 201: ProductView } },
    (ctx, { body }) => createProduct({ ctx, input: body }),
  );

  staff.put(
    '/api/products/order',
    { summary: 'Sets the order of all products', body: OrderInput, response: { 200: z.array(ProductView) } },
    (ctx, { body }) => orderProducts({ ctx, input: body }),
  );

  staff.patch(
    '/api/products/:productId',
    {
      summary: 'Renames, changes the slug, shows or hides a product',
      params: ProductParams,
      body: UpdateProductInput,
      response: { 200: ProductView },
    },
    (ctx, { params, body }) => updateProduct({ ctx, input: { ...params, change: body } }),
  );

  staff.post(
    '/api/products/:productId/default',
    { summary: 'Makes the product the default', params: ProductParams, response: { 200: ProductView } },
    (ctx, { params }) => setDefaultProduct({ ctx, input: params }),
  );

  staff.delete(
    '/api/products/:productId/banner',
    { summary: 'Removes the product banner', params: ProductParams, response: { 200: ProductView } },
    (ctx, { params }) => removeProductBanner({ ctx, input: params }),
    { needs: 'assets:edit' },
  );

  await app.register(async (plugin) => {
    const banners = plugin.withTypeProvider<ZodTypeProvider>();
    // The image arrives as the raw body; its type is read from the bytes, whatever the header says.
    // The parser's bodyLimit is the route's: fastify uses it for routes that set none.
    banners.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 2 * bannerMaxBytes },
      (_request, body, done) => done(null, body),
    );
    staffRoutes(banners, { tags, deps, writes: 'assets:edit' }).put(
      '/api/products/:productId/banner',
      {
        summary: 'Sets the product banner: raw PNG, JPEG or SVG body of at most 2 MB (assets:edit)',
        params: ProductParams,
        response: { 200: ProductView },
      },
      (ctx, request) =>
        setProductBanner({
          ctx,
          input: {
            ...request.params,
            contentType: request.headers['content-type'],
            bytes: bodyBytes(request.body),
          },
        }),
    );
  });

  staff.post(
    '/api/product-links',
    { summary: 'Adds a product link', body: CreateProductLinkInput, response: { 201: ProductLinkView } },
    (ctx, { body }) => createProductLink({ ctx, input: body }),
  );

  staff.put(
    '/api/product-links/order',
    {
      summary: 'Sets the order of all product links',
      body: OrderInput,
      response: { 200: z.array(ProductLinkView) },
    },
    (ctx, { body }) => orderProductLinks({ ctx, input: body }),
  );

  staff.patch(
    '/api/product-links/:linkId',
    {
      summary: 'Changes a product link’s name, URL or visibility',
      params: ProductLinkParams,
      body: UpdateProductLinkInput,
      response: { 200: ProductLinkView },
    },
    (ctx, { params, body }) => updateProductLink({ ctx, input: { ...params, change: body } }),
  );

  staff.delete(
    '/api/product-links/:linkId',
    { summary: 'Deletes a product link', params: ProductLinkParams },
    (ctx, { params }) => deleteProductLink({ ctx, input: params }),
  );
};
