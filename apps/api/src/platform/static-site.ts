import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './error-handler.js';

/**
 * Serves the built single-page app when its folder exists. Vite names built assets by content
 * hash, so they may be cached for a year; index.html must be asked for again every time so a
 * deploy reaches the browser. Unknown non-API GETs get index.html (the app's own router decides);
 * unknown /api paths stay a JSON 404. Without a built app (tests, API-only deployments) every
 * unknown path is a JSON 404.
 */
export async function registerStaticSite(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.setNotFoundHandler(sendNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    // The build writes .br and .gz copies of its text files (apps/web/vite-precompress.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (!isPage) return sendNotFound(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
