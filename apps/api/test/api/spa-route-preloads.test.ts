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

describe('SPA pages with a static screen (home.html, login.html)', () => {
  let app: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const shell = (body: string) =>
      `<!doctype html><html><head><!--pawsy-config--></head><body>${body}<div id="root"></div></body></html>`;
    fs.writeFileSync(path.join(dist, 'index.html'), shell(''));
    fs.writeFileSync(path.join(dist, 'home.html'), shell('<h1>static home</h1>'));
    fs.writeFileSync(path.join(dist, 'login.html'), shell('<h1>static login</h1>'));
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({ '/login': { modules: ['/assets/login-screen-a1.js'], styles: [] } }),
    );
    app = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = async (url: string) => {
    const res = await app.call({ method: 'GET', url, noSecret: true });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('name="pawsy-config"');
    return res.body;
  };

  it('serves / and /login their static page, the login hints at low priority', async () => {
    expect(await get('/')).toContain('static home');
    const login = await get('/login');
    expect(login).toContain('static login');
    expect(login).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/login-screen-a1.js">',
    );
  });

  it('serves other paths the plain page', async () => {
    for (const url of ['/Login', '/SignUp', '/petSitters']) {
      const html = await get(url);
      expect(html).not.toContain('static');
    }
  });
});
