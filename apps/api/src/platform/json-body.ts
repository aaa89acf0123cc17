import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser (with its prototype-poisoning guards), except that an empty body is no
 * body: browsers' fetch wrappers send `Content-Type: application/json` on bodiless POSTs such as
 * logout, and that should not be a 400.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string' hands over text
    if (text.trim() === '') return done(null, undefined);
    parse(request, text, done);
  });
}
