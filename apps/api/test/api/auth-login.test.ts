import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart-form.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { login, signupViaApi, tokenIsAccepted, verifiedSignup } from '../helpers/auth-flows.ts';
import { AUTH_MESSAGES } from '../../src/modules/auth/auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;

describe('POST /api/auth/login', () => {
  it('answers 200 with token, expiresAt (24 h) and the user', async () => {
    const u = await verifiedSignup(t, { primery_services: ['Dog walking'] });
    const res = await login(t, u.email, u.password);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({
      success: true,
      message: 'Login successful',
      token: expect.any(String),
      expiresAt: expect.any(String),
    });
    const ttl = Date.parse(json.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * HOUR);
    expect(ttl).toBeLessThanOrEqual(24 * HOUR);
    expect(json.user).toMatchObject({
      _id: u.id,
      id: u.id,
      email: u.email,
      userType: 'provider',
      primary_services: ['dog-walking'],
      isAdmin: false,
    });
    expect(res.body).not.toMatch(/password_hash|argon2/);
    expect(await tokenIsAccepted(t, json.token)).toBe(true);
  });

  it('keeps the session 30 days with rememberMe', async () => {
    const u = await verifiedSignup(t);
    const res = await login(t, u.email, u.password, true);
    const ttl = Date.parse(res.json().expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(29.9 * 24 * HOUR);
    expect(ttl).toBeLessThanOrEqual(30 * 24 * HOUR);
    const payload = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ id: u.id, email: u.email, userType: 'user' });
    expect(payload.exp * 1000).toBe(
      Date.parse(res.json().expiresAt) - (Date.parse(res.json().expiresAt) % 1000),
    );
  });

  it('accepts the email in any letter case and with spaces around', async () => {
    const u = await verifiedSignup(t);
    const res = await login(t, `  ${u.email.toUpperCase()} `, u.password);
    expect(res.statusCode).toBe(200);
  });

  it('refuses an unverified email with the right password: 403 saying how to get a code', async () => {
    const u = await signupViaApi(t);
    const res = await login(t, u.email, u.password);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.unverified);
    expect(res.body).not.toMatch(/token/);
    // A wrong password says only what it says for anyone.
    const wrong = await login(t, u.email, 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('answers a wrong password and an unknown email the same: 401 "Invalid email or password"', async () => {
    const u = await createUser(t.app);
    const wrong = await login(t, u.email, 'Wrong-Password-1');
    const unknown = await login(t, 'nobody@example.test', 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('spends a password hash check on unknown emails too (similar timing)', async () => {
    const u = await createUser(t.app);
    await login(t, 'warm-up@example.test', 'Wrong-Password-1');
    const time = async (email: string) => {
      const start = performance.now();
      for (let i = 0; i < 5; i++) await login(t, email, 'Wrong-Password-1');
      return performance.now() - start;
    };
    const known = await time(u.email);
    const unknown = await time('nobody-at-all@example.test');
    // argon2 takes tens of ms; skipping it for unknown emails would make them several times faster.
    expect(unknown).toBeGreaterThan(known * 0.25);
  });

  it('refuses a soft-deleted account like an unknown one', async () => {
    const u = await createUser(t.app, { deleted_at: new Date().toISOString() });
    const res = await login(t, u.email, u.password);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('answers a malformed body with 400 and a message', async () => {
    const bodies: unknown[] = [
      {},
      { email: 'a@b.test' },
      { password: 'whatever-1' },
      { email: 'not-an-email', password: 'whatever-1' },
      { email: 42, password: 'whatever-1' },
      { email: 'a@b.test', password: ['x'] },
      { email: 'a@b.test', password: '' },
      { email: 'a@b.test', password: 'x'.repeat(200_000) },
      { email: `${'a'.repeat(200_000)}@b.test`, password: 'whatever-1' },
      { email: 'a@b.test', password: 'whatever-1', rememberMe: { yes: true } },
    ];
    for (const payload of bodies) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('answers invalid JSON with 400 and a a wrong content type with 4xx', async () => {
    const broken = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.test", "password": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Request body is not valid JSON');
    const text = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.test&password=x',
    });
    // Fastify parses text/plain as a string, which the body schema then refuses.
    expect(text.statusCode).toBe(400);
    expect(typeof text.json().message).toBe('string');
    const xml = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><email>a@b.test</email></login>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe('Unsupported content type');
    const empty = await t.call({ method: 'POST', url: '/api/auth/login' });
    expect(empty.statusCode).toBe(400);
    expect(typeof empty.json().message).toBe('string');
  });

  // Multipart is read only by the routes that take uploads (plugins/uploads.ts withUploads).
  it('refuses a multipart body on a route that takes none with 415, and reads it where it is taken', async () => {
    const form = await multipartBody({ email: 'a@b.test', password: 'x' });
    const login = await t.call({ method: 'POST', url: '/api/auth/login', ...form });
    expect(login.statusCode).toBe(415);
    expect(login.json().message).toBe('Unsupported content type');
    const user = await createUser(t.app);
    const profile = await t.call({
      method: 'PUT',
      url: '/api/user/update-profile',
      token: user.token,
      ...(await multipartBody({ city: 'Nantes' })),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.city).toBe('Nantes');
  });

  it('rejects a body larger than 1 MB with 413', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.test', password: 'x'.repeat(1_100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });
});
