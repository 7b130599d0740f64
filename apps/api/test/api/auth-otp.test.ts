import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_REJECTED } from '../../src/modules/auth/otp.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { lastCode, readMails } from '../helpers/mail.ts';
import { ageAuthMails, login, signupViaApi } from '../helpers/auth-flows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const verify = (email: string, otp: string) =>
  t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp } });
const resend = (email: string) =>
  t.call({ method: 'POST', url: '/api/auth/resend-otp', payload: { email } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function isEmailVerified(email: string): Promise<boolean> {
  const row = await t.app.db
    .selectFrom('users')
    .select('email_verified')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.email_verified === 1;
}

describe('POST /api/auth/verify-otp', () => {
  it('verifies the email with the mailed code', async () => {
    const u = await signupViaApi(t);
    expect(await isEmailVerified(u.email)).toBe(false);
    const res = await verify(u.email, lastCode(t.dataDir, u.email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'OTP verified successfully',
      data: { emailVerified: true },
    });
    expect(await isEmailVerified(u.email)).toBe(true);
    const me = await login(t, u.email, u.password);
    expect(me.json().user.email_verified).toBe(true);
  });

  it('stores the code hashed, never in clear', async () => {
    const u = await signupViaApi(t);
    const code = lastCode(t.dataDir, u.email);
    const row = await t.app.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[a-f0-9]{64}$/);
    expect(row.code_hash).not.toContain(code);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(10 * 60_000);
  });

  it('rejects a wrong code with 400 and keeps the account unverified', async () => {
    const u = await signupViaApi(t);
    const res = await verify(u.email, wrongCode(lastCode(t.dataDir, u.email)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_REJECTED);
    expect(await isEmailVerified(u.email)).toBe(false);
  });

  it('accepts a code only once', async () => {
    const u = await signupViaApi(t);
    const code = lastCode(t.dataDir, u.email);
    expect((await verify(u.email, code)).statusCode).toBe(200);
    const again = await verify(u.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(OTP_REJECTED);
  });

  it('rejects an expired code', async () => {
    const u = await signupViaApi(t);
    await t.app.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    const res = await verify(u.email, lastCode(t.dataDir, u.email));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_REJECTED);
    expect(await isEmailVerified(u.email)).toBe(false);
  });

  it('burns the code after 5 wrong tries: then even the right code fails', async () => {
    const u = await signupViaApi(t);
    const code = lastCode(t.dataDir, u.email);
    for (let i = 0; i < 4; i++) {
      const res = await verify(u.email, wrongCode(code));
      expect(res.json().message).toBe(OTP_REJECTED);
    }
    const fifth = await verify(u.email, wrongCode(code));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().message).toBe(OTP_REJECTED);
    const right = await verify(u.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(OTP_REJECTED);
    expect(await isEmailVerified(u.email)).toBe(false);
  });

  it('does not let parallel guesses exceed the 5 tries', async () => {
    const u = await signupViaApi(t);
    const code = lastCode(t.dataDir, u.email);
    await Promise.all(Array.from({ length: 12 }, () => verify(u.email, wrongCode(code))));
    const row = await t.app.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await verify(u.email, code)).statusCode).toBe(400);
  });

  it('answers an unknown email exactly like a wrong code', async () => {
    const u = await signupViaApi(t);
    const known = await verify(u.email, wrongCode(lastCode(t.dataDir, u.email)));
    const unknown = await verify('nobody-here@example.test', '123456');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('rejects codes that are not 6 digits', async () => {
    const u = await signupViaApi(t);
    for (const otp of ['12345', '1234567', 'abcdef', '', 123456]) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email: u.email, otp },
      });
      expect(res.statusCode, String(otp)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('POST /api/auth/resend-otp', () => {
  it('sends nothing new within 60 s, answering as for an address without an account', async () => {
    // Signing up an address and asking again at once must not tell a free address (the signup
    // just sent a code, so the wait applies) from a taken one (no code sent, nothing to wait for).
    const u = await signupViaApi(t);
    const res = await resend(u.email);
    const unknown = await resend('nobody-here@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(unknown.json());
    expect(readMails(t.dataDir, u.email)).toHaveLength(1);
  });

  it('sends a new code after 60 s; only the newest code works', async () => {
    const u = await signupViaApi(t);
    const first = lastCode(t.dataDir, u.email);
    await ageAuthMails(t, u.id, 61);
    const res = await resend(u.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    const mails = readMails(t.dataDir, u.email);
    expect(mails).toHaveLength(2);
    const second = lastCode(t.dataDir, u.email);
    if (second !== first) expect((await verify(u.email, first)).statusCode).toBe(400);
    expect((await verify(u.email, second)).statusCode).toBe(200);
  });

  it('gives the same answer for unknown and already-verified emails, and mails nothing', async () => {
    const u = await signupViaApi(t);
    await ageAuthMails(t, u.id, 61);
    const known = await resend(u.email);
    const unknown = await resend('ghost@example.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(readMails(t.dataDir, 'ghost@example.test')).toEqual([]);

    expect((await verify(u.email, lastCode(t.dataDir, u.email))).statusCode).toBe(200);
    await ageAuthMails(t, u.id, 61);
    const before = readMails(t.dataDir, u.email).length;
    const verified = await resend(u.email);
    expect(verified.json()).toEqual(known.json());
    expect(readMails(t.dataDir, u.email)).toHaveLength(before);
  });

  it('rejects a malformed email with 400', async () => {
    const res = await resend('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/i);
  });
});
