import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiRequest } from '../lib/request-target.ts';

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the run-time
 * config injected) for every other non-API GET so client-side routes load.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string | null,
  /** What the web app reads from its page's `pawsy-config` meta tag (lib/runtime-config.ts). */
  runtime: {
    secretKey: string;
    apiBase: string;
    startLeadMinutes: number;
    completeLeadMinutes: number;
  },
): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = indexFile !== null && fs.existsSync(indexFile);
  const meta = `<meta name="pawsy-config" content="${escapeAttr(JSON.stringify(runtime))}">`;
  const readPage = (file: string) =>
    fs.readFileSync(file, 'utf8').replace('<!--pawsy-config-->', meta);
  const indexHtml = hasWeb ? readPage(indexFile) : null;
  // The web build also writes pages with a static copy of their screen's top (vite.config.ts
  // STATIC_PAGES): index.html plus that copy, its scripts fetched at low priority.
  const staticPages = new Map<string, string>();
  for (const [route, file] of Object.entries(STATIC_PAGES)) {
    const pageFile = webDist ? path.join(webDist, file) : null;
    if (hasWeb && pageFile && fs.existsSync(pageFile)) staticPages.set(route, readPage(pageFile));
  }
  // And route-preloads.json: per path, the screen's chunks and CSS, announced in its page so the
  // browser fetches them alongside the entry instead of after it has run.
  const routePages =
    indexHtml !== null && webDist
      ? routePreloadPages(webDist, indexHtml, staticPages)
      : new Map<string, string>();

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        const cacheable = file.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          cacheable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (isApiRequest(request)) return reply.callNotFound();
    if (indexHtml === null) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const file = path.join(webDist!, path.normalize(urlPath));
    if (
      urlPath !== '/' &&
      file.startsWith(webDist!) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile()
    ) {
      return reply.sendFile(path.relative(webDist!, file));
    }
    if (/\.[a-z0-9]{1,5}$/i.test(urlPath) && urlPath.startsWith('/assets/'))
      return reply.callNotFound();
    const page = routePages.get(urlPath) ?? staticPages.get(urlPath) ?? indexHtml;
    return reply.type('text/html').header('cache-control', 'no-cache').send(page);
  });
}

/** The paths served with a page that carries a static copy of their screen, and its file. */
const STATIC_PAGES: Record<string, string> = {
  '/': 'home.html',
  '/login': 'login.html',
  '/petSitters': 'pet-sitters.html',
};

type RoutePreloads = Record<string, { modules?: unknown; styles?: unknown }>;

/**
 * The page for each path of the web build's route-preloads.json: the path's page plus its hints.
 * A page with a static screen fetches its scripts at low priority, and so its hints too.
 */
function routePreloadPages(
  webDist: string,
  indexHtml: string,
  staticPages: Map<string, string>,
): Map<string, string> {
  const file = path.join(webDist, 'route-preloads.json');
  const pages = new Map<string, string>();
  if (!fs.existsSync(file)) return pages;
  const hints = JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreloads;
  // Only the build's own hashed assets: nothing else from the file reaches the page.
  const assets = (list: unknown) =>
    (Array.isArray(list) ? list : []).filter(
      (url): url is string => typeof url === 'string' && /^\/assets\/[\w.-]+\.(js|css)$/.test(url),
    );
  for (const [route, { modules, styles }] of Object.entries(hints)) {
    const page = staticPages.get(route) ?? indexHtml;
    const priority = staticPages.has(route) ? ' fetchpriority="low"' : '';
    const links = [
      ...assets(modules).map(
        (url) => `<link rel="modulepreload"${priority} crossorigin href="${url}">`,
      ),
      ...assets(styles).map(
        (url) => `<link rel="preload" as="style"${priority} crossorigin href="${url}">`,
      ),
    ];
    if (links.length > 0) pages.set(route, page.replace('</head>', `${links.join('')}</head>`));
  }
  return pages;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
