import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

async function wrongLogins(t: TestApp, email: string, headersFor: (i: number) => object) {
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: headersFor(i) as Record<string, string>,
      payload: { email, password: 'wrong-password-1' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY unset: forwarded-for headers are ignored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('a client cannot pick a new X-Forwarded-For per try to dodge the limit', async () => {
    const statuses = await wrongLogins(t, 'xff@example.test', (i) => ({
      'x-forwarded-for': `203.0.113.${i + 1}`,
    }));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('nor with X-Real-IP', async () => {
    const statuses = await wrongLogins(t, 'real-ip@example.test', (i) => ({
      'x-real-ip': `198.51.100.${i + 1}`,
    }));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('TRUST_PROXY=1: one proxy in front, its X-Forwarded-For names the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('counts each forwarded client on its own', async () => {
    const statuses = await wrongLogins(t, 'proxied@example.test', (i) => ({
      'x-forwarded-for': `203.0.113.${i + 1}`,
    }));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });

  it('trusts only the last hop: a client-supplied first entry does not help', async () => {
    const statuses = await wrongLogins(t, 'chain@example.test', (i) => ({
      'x-forwarded-for': `10.9.9.${i + 1}, 203.0.113.77`,
    }));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('TRUST_PROXY with a CIDR list', () => {
  let t: TestApp;
  beforeAll(async () => {
    // app.inject connects from 127.0.0.1: trusted by the first list, not by the second.
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: '127.0.0.0/8, ::1' });
  });
  afterAll(() => t.close());

  it('believes X-Forwarded-For from a trusted proxy', async () => {
    const statuses = await wrongLogins(t, 'cidr@example.test', (i) => ({
      'x-forwarded-for': `203.0.113.${i + 1}`,
    }));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });

  it('ignores it from an untrusted one', async () => {
    const other = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: '10.0.0.0/8' });
    try {
      const statuses = await wrongLogins(other, 'untrusted@example.test', (i) => ({
        'x-forwarded-for': `203.0.113.${i + 1}`,
      }));
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await other.close();
    }
  });
});

describe('TRUST_PROXY parsing', () => {
  it('takes off, a hop count or addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,192.168.1.4' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/99', 'proxy.example', '1.2.3.4/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});
