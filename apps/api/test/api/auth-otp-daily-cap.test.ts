import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueCode,
  OTP_DAILY_FAILURE_CAP,
  OTP_MAX_ATTEMPTS,
  OTP_REJECTED,
  OTP_SOURCE_DAILY_TRIES,
} from '../../src/modules/auth/otp.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { ageAuthMails, signupViaApi } from '../helpers/auth-flows.ts';
import { lastCode, readMails } from '../helpers/mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress?: string) =>
  t.call({ method: 'POST', url, payload, ...(remoteAddress && { remoteAddress }) });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Spends the account's daily allowance of wrong codes, one burnt code after another, each from
 * an address of its own (one address alone is stopped sooner: see the last test).
 */
async function grindCodes(
  user: { id: string; email: string },
  url: string,
  body: (otp: string) => object,
  requestCode: () => Promise<unknown>,
) {
  for (let spent = 0; spent < OTP_DAILY_FAILURE_CAP; spent += OTP_MAX_ATTEMPTS) {
    const code = lastCode(t.dataDir, user.email);
    const from = `198.51.100.${spent / OTP_MAX_ATTEMPTS + 1}`;
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await post(url, body(wrong(code)), from);
      expect(res.statusCode).toBe(400);
    }
    await ageAuthMails(t, user.id, 61); // past the resend wait, still within the day
    if (spent + OTP_MAX_ATTEMPTS < OTP_DAILY_FAILURE_CAP) await requestCode();
  }
}

describe(`one-time codes: at most ${OTP_DAILY_FAILURE_CAP} wrong codes a day`, () => {
  it('shuts email verification for the day, even for the right code', async () => {
    const user = await signupViaApi(t);
    await grindCodes(
      user,
      '/api/auth/verify-otp',
      (otp) => ({ email: user.email, otp }),
      () => post('/api/auth/resend-otp', { email: user.email }),
    );
    // resend-otp answers as for any address and sends nothing; verify-otp refuses even the right code, in the words any bad code gets.
    const mailsBefore = readMails(t.dataDir, user.email).length;
    const resend = await post('/api/auth/resend-otp', { email: user.email });
    const unknown = await post('/api/auth/resend-otp', { email: 'nobody@example.test' });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual(unknown.json());
    expect(readMails(t.dataDir, user.email)).toHaveLength(mailsBefore);
    const right = await issueCode(t.app, user.id, 'verify-email');
    const res = await post('/api/auth/verify-otp', { email: user.email, otp: right });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_REJECTED);

    await ageAuthMails(t, user.id, 24 * 3600);
    const fresh = await issueCode(t.app, user.id, 'verify-email');
    const later = await post('/api/auth/verify-otp', { email: user.email, otp: fresh });
    expect(later.statusCode, later.body).toBe(200);
  });

  it('shuts password reset for the day; forget-password still answers as for anyone', async () => {
    const user = await signupViaApi(t);
    const ask = () => post('/api/auth/forget-password', { email: user.email });
    expect((await ask()).statusCode).toBe(200);
    await grindCodes(
      user,
      '/api/auth/reset-password',
      (otp) => ({ email: user.email, otp, password: 'Another-Pass-2026' }),
      ask,
    );
    const mailsBefore = readMails(t.dataDir, user.email).length;
    const known = await ask();
    const unknown = await post('/api/auth/forget-password', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());
    expect(readMails(t.dataDir, user.email)).toHaveLength(mailsBefore);

    const right = await issueCode(t.app, user.id, 'reset-password');
    const res = await post('/api/auth/reset-password', {
      email: user.email,
      otp: right,
      password: 'Another-Pass-2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OTP_REJECTED);
  });

  it('counts each purpose on its own', async () => {
    const user = await signupViaApi(t);
    await grindCodes(
      user,
      '/api/auth/verify-otp',
      (otp) => ({ email: user.email, otp }),
      () => post('/api/auth/resend-otp', { email: user.email }),
    );
    expect((await post('/api/auth/forget-password', { email: user.email })).statusCode).toBe(200);
    const code = lastCode(t.dataDir, user.email);
    const res = await post('/api/auth/reset-password', {
      email: user.email,
      otp: code,
      password: 'Another-Pass-2026',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("stops a guesser on one address before the account's cap: the owner's own reset still works", async () => {
    const victim = await signupViaApi(t);
    const attacker = '203.0.113.9';
    const reset = (otp: string, from: string) =>
      post(
        '/api/auth/reset-password',
        { email: victim.email, otp, password: 'Taken-Over-2026' },
        from,
      );
    let tries = 0;
    while (tries < OTP_SOURCE_DAILY_TRIES) {
      expect(
        (await post('/api/auth/forget-password', { email: victim.email }, attacker)).statusCode,
      ).toBe(200);
      const code = lastCode(t.dataDir, victim.email);
      for (let i = 0; i < OTP_MAX_ATTEMPTS && tries < OTP_SOURCE_DAILY_TRIES; i++, tries++)
        expect((await reset(wrong(code), attacker)).statusCode).toBe(400);
      await ageAuthMails(t, victim.id, 61);
    }
    const stopped = await reset('123456', attacker);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toMatch(/try again tomorrow/);

    // The owner, elsewhere, asks for a code: it is mailed, and it sets their password.
    const mails = readMails(t.dataDir, victim.email).length;
    const owner = '192.0.2.44';
    expect(
      (await post('/api/auth/forget-password', { email: victim.email }, owner)).statusCode,
    ).toBe(200);
    expect(readMails(t.dataDir, victim.email)).toHaveLength(mails + 1);
    const mine = await post(
      '/api/auth/reset-password',
      { email: victim.email, otp: lastCode(t.dataDir, victim.email), password: 'Owners-Own-2026' },
      owner,
    );
    expect(mine.statusCode, mine.body).toBe(200);
  });
});
