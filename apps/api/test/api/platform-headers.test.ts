import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_SECURITY_HEADERS,
  HSTS,
  SECURITY_HEADERS,
} from '../../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

describe('precomputed security headers and request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('every JSON answer carries the API set, refusals from the first hooks included', async () => {
    const answers = [
      await t.call({ method: 'GET', url: '/healthz' }),
      await t.call({ method: 'GET', url: '/api/user/user-profile', noSecret: true }), // 401
      await t.call({ method: 'GET', url: '/api/user/user-profile' }), // 401, no token
      await t.call({ method: 'GET', url: '/api/no-such-route' }), // 404
      await t.call({ method: 'GET', url: '//API/./user/user-profile' }), // an API path, spelt oddly
    ];
    for (const res of answers) {
      expect(res.headers['content-type'], res.body).toMatch(/application\/json/);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS))
        expect(res.headers[name], name).toBe(value);
      expect(res.headers['script-src'], 'no document policy on JSON').toBeUndefined();
    }
    expect(API_SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(API_SECURITY_HEADERS['x-frame-options']).toBe('DENY');
    expect(Object.isFrozen(API_SECURITY_HEADERS)).toBe(true);
  });

  it('API answers carry CORS headers for an allowed origin; the probes, for no one', async () => {
    const origin = { origin: 'http://elsewhere.test' };
    const api = await t.call({ method: 'GET', url: '/api/no-such-route', headers: origin });
    expect(api.headers['access-control-allow-origin']).toBe(origin.origin);
    for (const url of ['/healthz', '/readyz']) {
      const probe = await t.call({ method: 'GET', url, headers: origin });
      expect(probe.statusCode, url).toBe(200);
      expect(probe.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(probe.headers['content-encoding'], url).toBeUndefined();
    }
  });

  it('an OPTIONS without Origin is no preflight: no text/plain 400, a browser preflight still works', async () => {
    const bare = await t.call({ method: 'OPTIONS', url: '/api/user/user-profile' });
    expect(bare.statusCode, bare.body).toBeLessThan(400);
    const preflight = await t.call({
      method: 'OPTIONS',
      url: '/api/user/user-profile',
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://elsewhere.test');
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
  });

  it('pages and their assets carry the whole document set', async () => {
    const answers = [
      { url: '/', res: await t.call({ method: 'GET', url: '/' }) },
      { url: '/login', res: await t.call({ method: 'GET', url: '/login' }) },
      {
        url: '/api/docs/',
        res: await t.call({ method: 'GET', url: '/api/docs/', noSecret: true }),
      },
    ];
    for (const { url, res } of answers) {
      // 200, or 503 "not built yet" where the web app is not built: a page either way.
      expect([200, 503], res.body).toContain(res.statusCode);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        // Swagger UI sets a policy of its own for its pages.
        if (name === 'content-security-policy' && url.startsWith('/api/docs')) continue;
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      }
    }
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(Object.isFrozen(SECURITY_HEADERS)).toBe(true);
  });

  it('asks for HTTPS only on answers that came over HTTPS', async () => {
    const plain = await t.call({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim HTTPS through the header.
    const claimed = await t.call({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      for (const url of ['/healthz', '/']) {
        const res = await proxied.call({
          method: 'GET',
          url,
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(res.headers['strict-transport-security'], url).toBe(HSTS);
      }
    } finally {
      await proxied.close();
    }
  });

  it('gives distinct request ids, and keeps a sane one the client sent', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await t.call({ method: 'GET', url: '/healthz' });
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(20);
    const mine = await t.call({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-1' },
    });
    expect(mine.headers['x-request-id']).toBe('trace-1');
    const long = await t.call({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'x'.repeat(65) },
    });
    expect(long.headers['x-request-id']).not.toBe('x'.repeat(65));
  });
});
