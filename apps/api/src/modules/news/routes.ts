import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  newsItemSchema,
  newsListQuerySchema,
  newsPageSchema,
  cacheBusterQuerySchema,
} from '@portal/shared';
import { replies } from '../../platform/responses.js';
import type { NewsService } from './service.js';

export const newsRoutes: FastifyPluginAsyncZod<{ news: NewsService }> = async (app, { news }) => {
  app.get(
    '/api/news',
    {
      config: { authority: null },
      schema: {
        tags: ['news'],
        summary: 'Published news, newest first, one page (page from 0)',
        querystring: newsListQuerySchema,
        response: replies(newsPageSchema),
      },
    },
    async (request) => ({ data: await news.list(request.query) }),
  );

  app.get(
    '/api/news/:id',
    {
      config: { authority: null },
      schema: {
        tags: ['news'],
        summary: 'One published news item',
        params: idParamSchema,
        querystring: cacheBusterQuerySchema,
        response: replies(newsItemSchema),
      },
    },
    async (request) => ({ data: await news.get(request.params.id) }),
  );
};
