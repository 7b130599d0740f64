import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><!--pawsy-config--></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("pawsy")');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('health', () => {
  it('answers /healthz and /readyz without a secret key', async () => {
    const health = await t.call({ method: 'GET', url: '/healthz', noSecret: true });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.call({ method: 'GET', url: '/readyz', noSecret: true });
    expect(ready.json()).toEqual({ status: 'ready', database: true, storage: true });
  });
});

describe('secret-key', () => {
  it('rejects /api calls without the header', async () => {
    const res = await t.call({ method: 'GET', url: '/api/user/user-profile', noSecret: true });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Invalid or missing secret key' });
  });
  it('rejects a wrong value, even on unknown routes', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/nothing-here',
      noSecret: true,
      headers: { 'secret-key': 'nope' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('errors', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/not found/);
  });
  it('tags every answer with a request id', async () => {
    const res = await t.call({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(/.{8,}/);
  });
  it('sends security headers', async () => {
    const res = await t.call({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const directives = String(res.headers['content-security-policy']).split(';');
    expect(directives).toContain("default-src 'self'");
    // The KYC document viewer shows a PDF from a blob: URL in a frame; only such frames, and no
    // plugins, are allowed.
    expect(directives).toContain('frame-src blob:');
    expect(directives).toContain("object-src 'none'");
    expect(directives).toContain("frame-ancestors 'none'");
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs/json to calls with the secret key (DESIGN §4)', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Pawsy API');
    for (const url of ['/api/docs/json', '/api/docs/yaml']) {
      const without = await t.call({ method: 'GET', url, noSecret: true });
      expect(without.statusCode, url).toBe(401);
      expect(without.json().message).toBe('Invalid or missing secret key');
    }
  });
  it('serves Swagger UI at /api/docs, whose own calls carry the secret key', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/', noSecret: true });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/swagger/i);
    const init = await t.call({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
      noSecret: true,
    });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain(`request.headers['secret-key'] = ${JSON.stringify(SECRET_KEY)}`);
  });
});

describe('SPA', () => {
  it.each(['/', '/login', '/petSitters/abc', '/some/unknown/client/route'])(
    'serves index.html with run-time config on %s',
    async (url) => {
      const res = await t.call({
        method: 'GET',
        url,
        noSecret: true,
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('name="pawsy-config"');
      expect(res.body).toContain(SECRET_KEY);
      // The start lead the API enforces, so the web offers Start only when it will work.
      expect(res.body).toContain(
        `&quot;startLeadMinutes&quot;:${t.app.config.bookingStartLeadMinutes}`,
      );
    },
  );
  it('serves hashed assets with long caching', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/app-abc123.js', noSecret: true });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
  it('answers a missing asset with 404, not the SPA', async () => {
    const res = await t.call({ method: 'GET', url: '/assets/missing-1.js', noSecret: true });
    expect(res.statusCode).toBe(404);
  });
});
