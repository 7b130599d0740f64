import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_REJECTED } from '../../src/modules/auth/otp.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { lastCode, lastMail, readMails } from '../helpers/mail.ts';
import { login, tokenIsAccepted } from '../helpers/auth-flows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'Reset-Pass-2026!';
const forget = (email: unknown) =>
  t.call({ method: 'POST', url: '/api/auth/forget-password', payload: { email } });
const reset = (email: string, otp: string, password = NEW_PASSWORD) =>
  t.call({ method: 'POST', url: '/api/auth/reset-password', payload: { email, otp, password } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/auth/forget-password', () => {
  it('answers known and unknown emails identically, mailing a code only to the known one', async () => {
    const u = await createUser(t.app);
    const known = await forget(u.email.toUpperCase());
    const unknown = await forget('no-account@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().success).toBe(true);
    const mail = lastMail(t.dataDir, u.email);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);
    expect(readMails(t.dataDir, 'no-account@example.test')).toEqual([]);
  });

  it('sends no second code within 60 s but still answers 200', async () => {
    const u = await createUser(t.app);
    expect((await forget(u.email)).statusCode).toBe(200);
    const again = await forget(u.email);
    expect(again.statusCode).toBe(200);
    expect(readMails(t.dataDir, u.email)).toHaveLength(1);
  });

  it('escapes the user name in the HTML mail', async () => {
    const u = await createUser(t.app, { first_name: '<script>alert(1)</script>' });
    await forget(u.email);
    const mail = lastMail(t.dataDir, u.email);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('refuses a malformed email with 400', async () => {
    for (const email of ['nope', 42, null, 'a'.repeat(200_000)]) {
      const res = await forget(email);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, revokes every session and mails a notice', async () => {
    const u = await createUser(t.app, { email_verified: 0 });
    const second = (await login(t, u.email, u.password)).json().token as string;
    await forget(u.email);
    const res = await reset(u.email, lastCode(t.dataDir, u.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect(await tokenIsAccepted(t, u.token)).toBe(false);
    expect(await tokenIsAccepted(t, second)).toBe(false);
    expect((await login(t, u.email, u.password)).statusCode).toBe(401);
    const fresh = await login(t, u.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.email_verified).toBe(true);
    expect(lastMail(t.dataDir, u.email).subject).toMatch(/password was changed/);
  });

  it('refuses a wrong code and leaves the password alone', async () => {
    const u = await createUser(t.app);
    await forget(u.email);
    const res = await reset(u.email, wrongCode(lastCode(t.dataDir, u.email)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_REJECTED);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    expect(await tokenIsAccepted(t, u.token)).toBe(true);
  });

  it('answers an unknown email exactly like a wrong code', async () => {
    const u = await createUser(t.app);
    await forget(u.email);
    const known = await reset(u.email, wrongCode(lastCode(t.dataDir, u.email)));
    const unknown = await reset('never-registered@example.test', '123456');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('accepts a reset code only once', async () => {
    const u = await createUser(t.app);
    await forget(u.email);
    const code = lastCode(t.dataDir, u.email);
    expect((await reset(u.email, code)).statusCode).toBe(200);
    const again = await reset(u.email, code, 'Yet-Another-Pass-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(OTP_REJECTED);
    expect((await login(t, u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired reset code', async () => {
    const u = await createUser(t.app);
    await forget(u.email);
    await t.app.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    const res = await reset(u.email, lastCode(t.dataDir, u.email));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_REJECTED);
  });

  it('burns the reset code after 5 wrong tries', async () => {
    const u = await createUser(t.app);
    await forget(u.email);
    const code = lastCode(t.dataDir, u.email);
    for (let i = 0; i < 5; i++)
      expect((await reset(u.email, wrongCode(code))).statusCode).toBe(400);
    const right = await reset(u.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(OTP_REJECTED);
  });

  it('does not accept a signup code as a reset code', async () => {
    const signup = await t.call({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'cross-purpose@example.test',
        phone: '5550100',
        password: 'Signup-Pass-2026',
        term: true,
      },
    });
    expect(signup.statusCode).toBe(201);
    const res = await reset(
      'cross-purpose@example.test',
      lastCode(t.dataDir, 'cross-purpose@example.test'),
    );
    expect(res.statusCode).toBe(400);
  });

  it('refuses a weak new password and missing fields with 400', async () => {
    const u = await createUser(t.app);
    await forget(u.email);
    const code = lastCode(t.dataDir, u.email);
    expect((await reset(u.email, code, 'short')).statusCode).toBe(400);
    const missing = await t.call({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: u.email, password: NEW_PASSWORD },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/otp/);
    // The code was not spent by the refused attempts.
    expect((await reset(u.email, code)).statusCode).toBe(200);
  });
});
