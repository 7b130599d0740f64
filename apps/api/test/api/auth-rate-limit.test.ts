import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';

// A low auth limit (5 per minute per IP + email) so that brute force is quick to reach.
let t: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy, so X-Forwarded-For stands for the client's address.
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '5', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, ip = '203.0.113.10') =>
  t.call({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });

describe('auth rate limits', () => {
  it('stops password guessing with 429 after 5 tries, even for the right password', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/login', { email: u.email, password: `Guess-${i}-xyz` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: u.email, password: u.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many requests/);
    // Same email in other letter case is the same key.
    const upper = await post('/api/auth/login', {
      email: u.email.toUpperCase(),
      password: u.password,
    });
    expect(upper.statusCode).toBe(429);
  });

  it('keys login by IP + email: another email or another IP is not blocked', async () => {
    const u = await createUser(t.app);
    const v = await createUser(t.app);
    for (let i = 0; i < 6; i++)
      await post('/api/auth/login', { email: u.email, password: 'Wrong-Pass-1' }, '198.51.100.1');
    expect(
      (await post('/api/auth/login', { email: v.email, password: v.password }, '198.51.100.1'))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/login', { email: u.email, password: u.password }, '198.51.100.2'))
        .statusCode,
    ).toBe(200);
  });

  it('caps one email across many IPs', async () => {
    const u = await createUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await post(
        '/api/auth/login',
        { email: u.email, password: 'Wrong-Pass-1' },
        `192.0.2.${i + 1}`,
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 15).every((c) => c === 401)).toBe(true);
    expect(codes[15]).toBe(429);
  });

  it('counts malformed tries too', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/login', { email: 'x@y.test' }, '198.51.100.9')).statusCode,
      ).toBe(400);
    }
    expect((await post('/api/auth/login', { email: 'x@y.test' }, '198.51.100.9')).statusCode).toBe(
      429,
    );
  });

  it('limits verify-otp, resend-otp, forget-password and reset-password', async () => {
    const u = await createUser(t.app);
    const routes: [string, object][] = [
      ['/api/auth/verify-otp', { email: u.email, otp: '000000' }],
      ['/api/auth/resend-otp', { email: u.email }],
      ['/api/auth/forget-password', { email: u.email }],
      ['/api/auth/reset-password', { email: u.email, otp: '000000', password: 'Reset-Pass-2026' }],
    ];
    for (const [url, payload] of routes) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await post(url, payload, '198.51.100.20')).statusCode);
      expect(statuses.slice(0, 5), url).not.toContain(429);
      expect(statuses[5], url).toBe(429);
      const last = await post(url, payload, '198.51.100.20');
      expect(typeof last.json().message).toBe('string');
    }
  });

  it('limits update-password per user', async () => {
    const u = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.call({
        method: 'PUT',
        url: '/api/auth/update-password',
        token: u.token,
        payload: { currentPassword: `Wrong-${i}-pass`, newPassword: 'Brand-New-Pass-77' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
