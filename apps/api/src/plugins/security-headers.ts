import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiRequest, matchedRoute } from '../lib/request-target.ts';

/**
 * The security headers every answer carries, built once. The same set and values helmet's
 * defaults gave with our CSP (checked by test/api/platform.test.ts); helmet rebuilt them on every
 * request through a chain of middleware calls, for a result that never changes.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // The KYC document viewer frames PDFs it fetched with the session as blob: URLs (no plain
    // URL can carry the headers); nothing else is framed.
    'frame-src blob:',
    "img-src 'self' data: blob: https://*.tile.openstreetmap.org",
    "object-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    'upgrade-insecure-requests',
    "connect-src 'self'",
  ].join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * The set for JSON answers (the API and the probes): there is no document to render, so the
 * policies that shape one (scripts, styles, images, DNS prefetch, legacy download and XSS
 * switches) do nothing; what remains keeps a body from being sniffed, framed, embedded from
 * another origin, leaked through a referrer or fetched over plain HTTP (OWASP's REST headers).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/**
 * Sent only on answers that travel over HTTPS (the socket, or the proxy's X-Forwarded-Proto when
 * TRUST_PROXY trusts it): RFC 6797 §7.2 forbids it over plain HTTP, where browsers ignore it.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Answers that are JSON: API routes (Swagger UI's pages excepted) and the probes. */
function answersJson(request: FastifyRequest): boolean {
  const route = matchedRoute(request);
  if (route === '/healthz' || route === '/readyz') return true;
  return isApiRequest(request) && !(route ?? '').startsWith('/api/docs');
}

/**
 * First hook of every request: the static security headers and the request id, set before any
 * other hook can answer (a 401 from the secret-key check, a 429) so that those answers carry
 * them too.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answersJson(request) ? API_SECURITY_HEADERS : SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    reply.header('x-request-id', request.id);
    done();
  });
}
