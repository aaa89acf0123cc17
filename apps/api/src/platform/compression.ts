import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Compresses answers (the web app's scripts above all: they are most of a first visit's bytes).
 * Brotli at quality 5 rather than the default 11: close in size for JavaScript at a small part of
 * the CPU, which matters because assets are compressed as they are served. Register it before the
 * routes: its hook applies to routes added after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}
