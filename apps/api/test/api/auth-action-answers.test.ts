import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signupViaApi } from '../helpers/auth-flows.ts';
import { createUser } from '../helpers/factories.ts';
import { lastCode } from '../helpers/mail.ts';

/*
 * DESIGN §4: answers other than the named shapes are `{ success: true, data, message? }`. The auth
 * actions keep their message (SPEC §7 names it for update-password) and say in `data` what now
 * holds; resend-otp and forget-password answer `data: null`, the same for every address.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, token?: string) =>
  t.call({ method: 'POST', url, payload, ...(token ? { token } : {}) });

describe('auth actions answer with data', () => {
  it('verify-otp: the email is verified', async () => {
    const u = await signupViaApi(t);
    const res = await post('/api/auth/verify-otp', {
      email: u.email,
      otp: lastCode(t.dataDir, u.email),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'OTP verified successfully',
      data: { emailVerified: true },
    });
  });

  it.each(['/api/auth/resend-otp', '/api/auth/forget-password'])(
    '%s answers data null, identically for a registered and an unknown address',
    async (url) => {
      // Registered and not yet verified, with no code sent yet (no resend cooldown running).
      const u = await createUser(t.app, { email_verified: 0 });
      const known = await post(url, { email: u.email });
      const unknown = await post(url, { email: `nobody-${Date.now()}@example.test` });
      expect(known.statusCode, known.body).toBe(200);
      expect(known.json()).toEqual({ success: true, message: expect.any(String), data: null });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
    },
  );

  it('reset-password: the email is verified and every session ended', async () => {
    const u = await signupViaApi(t);
    expect((await post('/api/auth/forget-password', { email: u.email })).statusCode).toBe(200);
    const res = await post('/api/auth/reset-password', {
      email: u.email,
      otp: lastCode(t.dataDir, u.email),
      password: 'Brand-New-Pass-2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your password has been reset. Please log in with your new password.',
      data: { emailVerified: true, sessionsEnded: 'all' },
    });
  });

  it("update-password: keeps its message, and only the caller's session lives on", async () => {
    const user = await createUser(t.app);
    const res = await t.call({
      method: 'PUT',
      url: '/api/auth/update-password',
      token: user.token,
      payload: { currentPassword: user.password, newPassword: 'Another-Pass-2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Password updated successfully',
      data: { sessionsEnded: 'others' },
    });
  });

  it("logout: the caller's session ended", async () => {
    const user = await createUser(t.app);
    const res = await post('/api/auth/logout', { email: user.email }, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Logged out successfully',
      data: { sessionsEnded: 'this' },
    });
  });
});
