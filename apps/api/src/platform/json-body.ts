import type { FastifyInstance } from 'fastify';

/**
 * The API reads JSON and nothing else (other media types answer 415). Fastify's JSON parser is
 * kept for its prototype-poisoning guards, except that an empty body is no body: fetch wrappers
 * send `Content-Type: application/json` on bodiless POSTs such as logout, which is not a 400.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string' hands over text
    if (text.trim() === '') return done(null, undefined);
    parse(request, text, done);
  });
}
