import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><!--pawsy-config--></head><body><div id="root"></div></body></html>',
  );
  // As the web build writes it (apps/web/vite.config.ts routePreloads), plus entries it must drop.
  fs.writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify({
      '/login': {
        modules: ['/assets/login-screen-a1.js', '/assets/Input-b2.js', 'https://evil.test/x.js'],
        styles: ['/assets/login-screen-c3.css', '/assets/"><script>.css'],
      },
      '/empty': { modules: [], styles: [42] },
    }),
  );
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.call({
    method: 'GET',
    url,
    noSecret: true,
    headers: { accept: 'text/html' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('name="pawsy-config"');
  return res.body;
};

describe('SPA route preloads', () => {
  it('announces the screen chunks and CSS of a listed path in its page head', async () => {
    const html = await page('/login?next=%2Fbookings');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-screen-a1.js">',
    );
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/Input-b2.js">');
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/login-screen-c3.css">',
    );
  });

  it('keeps anything that is not one of the build’s assets out of the page', async () => {
    const html = await page('/login');
    expect(html).not.toContain('evil.test');
    expect(html).not.toContain('<script>');
  });

  it('serves other paths (and a path without hints) the plain page', async () => {
    for (const url of ['/Login', '/login/extra', '/petSitters', '/empty']) {
      const html = await page(url);
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toContain('rel="preload"');
    }
  });
});
