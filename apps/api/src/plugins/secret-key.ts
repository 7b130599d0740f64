import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest, matchedRoute } from '../lib/request-target.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route proves its caller another way (a payment signature, a stream ticket). */
    skipSecretKey?: boolean;
  }
}

/** The docs UI's page and its static files (a browser opens them); not the document itself. */
const isDocsUi = (route: string) =>
  route === '/api/docs' || route === '/api/docs/' || route.startsWith('/api/docs/static/');

/**
 * Whether the matched route is exempt: the docs UI's files (like the SPA's: the page sends the key
 * with every call it makes, see plugins/docs.ts), or a route that opts out in its config.
 */
function isExempt(request: FastifyRequest): boolean {
  const route = matchedRoute(request);
  if (route === null) return false;
  if (isDocsUi(route)) return true;
  return request.routeOptions.config.skipSecretKey === true;
}

/**
 * Every API call carries the `secret-key` header (DESIGN §4). The decision rests on the route the
 * router matched, so no spelling of the request target (percent-encoding, absolute form, dot
 * segments, repeated slashes, letter case) can walk around it.
 */
export function registerSecretKey(app: FastifyInstance, secretKey: string): void {
  const expected = Buffer.from(secretKey);
  // A callback hook, not an async one: the check is synchronous, so no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiRequest(request) || isExempt(request)) return done();
    const given = request.headers['secret-key'];
    const value = Buffer.from(typeof given === 'string' ? given : '');
    if (value.length !== expected.length || !timingSafeEqual(value, expected)) {
      reply.status(401).send({ message: 'Invalid or missing secret key', code: 'UNAUTHENTICATED' });
      return;
    }
    done();
  });
}
