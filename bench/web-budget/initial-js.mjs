// The JavaScript a page of the built web app loads before any interaction: the module scripts and
// modulepreloads of its HTML file plus everything those chunks import statically (not the
// `import()` of lazily loaded screens), each with its gzip size. Shared by bench/web-budget/run.ts
// (writes docs/performance.md) and e2e/run-e2e.mjs (fails the browser suite over budget).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** SPEC / issue 12: initial JS for `/` at most 150 KB gzip (KB = 1000 bytes). */
export const BUDGET_BYTES = 150_000;

/** Static `import … from "x"`, `import "x"` and `export … from "x"` in (minified) ES modules. */
const STATIC_IMPORT =
  /(?:^|[;}\n\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;

export function staticImports(code) {
  return [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]);
}

/**
 * Script and modulepreload URLs of an HTML file, in document order: module scripts, modulepreload
 * links, and what a page with a static screen hands to public/boot-after-paint.js (data-preload,
 * data-entry), which loads it after the first frame. Its data-screen list is left out: those are
 * the chunks of the screen the app imports lazily (`import()`), which this does not count on any
 * page; boot-after-paint.js only asks for them before React's lazy import would.
 */
export function htmlScripts(html) {
  const urls = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const entry = /data-entry=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if (tag.startsWith('<script') && entry) {
      const preloads = /data-preload=["']([^"']*)["']/.exec(tag)?.[1] ?? '';
      urls.push(...preloads.split(/\s+/).filter(Boolean), entry);
      continue;
    }
    const isScript = tag.startsWith('<script') && /type=["']?module/.test(tag);
    const isPreload = /rel=["']?modulepreload/.test(tag);
    const url = /(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if ((isScript || isPreload) && url) urls.push(url);
  }
  return urls;
}

/**
 * @param {string} dist apps/web/dist
 * @param {string} htmlFile the HTML served for the page (`home.html` for `/`)
 * @returns {{ files: { file: string, bytes: number, gzip: number }[], bytes: number, gzip: number }}
 */
export function initialJs(dist, htmlFile) {
  const html = fs.readFileSync(path.join(dist, htmlFile), 'utf8');
  const queue = htmlScripts(html).map((url) => path.resolve(dist, url.replace(/^\//, '')));
  // A page whose scripts this cannot find would pass any budget.
  if (queue.length === 0) throw new Error(`${htmlFile} loads no script that this can see`);
  const seen = new Set();
  const files = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!fs.existsSync(file)) throw new Error(`${htmlFile} loads ${file}, which is not in dist`);
    const code = fs.readFileSync(file);
    files.push({
      file: path.relative(dist, file),
      bytes: code.length,
      gzip: zlib.gzipSync(code).length,
    });
    for (const spec of staticImports(code.toString('utf8'))) {
      if (spec.startsWith('.') || spec.startsWith('/')) {
        queue.push(
          spec.startsWith('/')
            ? path.resolve(dist, spec.slice(1))
            : path.resolve(path.dirname(file), spec),
        );
      }
    }
  }
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** Which HTML file the API serves for `/` (home.html when the build wrote it). */
export function homeHtml(dist) {
  return fs.existsSync(path.join(dist, 'home.html')) ? 'home.html' : 'index.html';
}
