import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/plugins/security-headers.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

describe('precomputed security headers and request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('every answer carries the whole set, refusals from the first hooks included', async () => {
    const answers = [
      await t.call({ method: 'GET', url: '/healthz' }),
      await t.call({ method: 'GET', url: '/api/user/user-profile', noSecret: true }), // 401
      await t.call({ method: 'GET', url: '/api/user/user-profile' }), // 401, no token
      await t.call({ method: 'GET', url: '/api/no-such-route' }), // 404
    ];
    for (const res of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(res.headers[name], name).toBe(value);
    }
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(Object.isFrozen(SECURITY_HEADERS)).toBe(true);
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
