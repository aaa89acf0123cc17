import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  priceItemSchema,
  priceListQuerySchema,
  productDetailSchema,
  cacheBusterQuerySchema,
} from '@portal/shared';
import { replies } from '../../platform/responses.js';
import type { ProductService } from './service.js';

/** `t` is the web's cache-busting timestamp (spec section 7); it changes nothing here. */

export const productRoutes: FastifyPluginAsyncZod<{ products: ProductService }> = async (
  app,
  { products },
) => {
  app.get(
    '/api/products/:id',
    {
      // Product pages are public.
      config: { authority: null },
      schema: {
        tags: ['products'],
        summary: 'A product page: overview, functions and price list, in both languages',
        params: idParamSchema,
        querystring: cacheBusterQuerySchema,
        response: replies(productDetailSchema),
      },
    },
    async (request) => ({ data: await products.detail(request.params.id) }),
  );

  app.get(
    '/api/prices',
    {
      config: { authority: null },
      schema: {
        tags: ['products'],
        summary: 'The price list (TWD, exact decimals), optionally of one product',
        querystring: priceListQuerySchema,
        response: replies(z.array(priceItemSchema)),
      },
    },
    async (request) => ({ data: await products.prices(request.query.productId) }),
  );
};
