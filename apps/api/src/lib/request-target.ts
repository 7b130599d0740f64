import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/**
 * The path a request target names once every spelling trick is undone: absolute form
 * (`http://host/api/…`), percent-encoding (`/%61pi/…`), repeated slashes, dot segments and
 * letter case. Used only to classify requests that matched no API route; decisions about
 * matched requests rest on the route itself (`matchedRoute`).
 */
export function canonicalPath(rawUrl: string): string {
  let target = rawUrl.split('?')[0] ?? '/';
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(target);
  if (absolute) target = target.slice(absolute[0].length) || '/';
  let decoded = target;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  const collapsed = decoded.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return path.posix
    .normalize(collapsed.startsWith('/') ? collapsed : `/${collapsed}`)
    .toLowerCase();
}

/** The route pattern the router matched (`/api/user/:id`), or null for the not-found handler. */
export function matchedRoute(request: FastifyRequest): string | null {
  return request.is404 ? null : (request.routeOptions.url ?? null);
}

const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

/**
 * Whether a request is an API call: it matched an `/api` route, or (matching none, e.g. the SPA
 * catch-all or not-found) its canonical path lies under /api.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = matchedRoute(request);
  if (route !== null && isApiPath(route)) return true;
  // A fixed non-API route (/healthz, /readyz) matched: no spelling of an API path routes there,
  // so the canonical path (decoding, normalising) is not needed on every probe.
  if (route !== null && !route.includes('*') && !route.includes(':')) return false;
  return isApiPath(canonicalPath(request.url));
}
