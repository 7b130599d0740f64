import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { lastMail, readMails } from '../helpers/mail.ts';
import { sessionIsLive, signupPayload, tokenIsAccepted } from '../helpers/auth-flows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signupBody = signupPayload;
const signup = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/auth/signup', payload });

describe('POST /api/auth/signup', () => {
  it('creates an unverified owner, answers 201 with token.token and mails a 6-digit code', async () => {
    const body = signupBody({ email: '  Mixed.Case@Example.TEST ', phone: '+1 (512) 555-0101' });
    const res = await signup(body);
    expect(res.statusCode, res.body).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({ success: true, message: expect.any(String) });
    expect(typeof json.token.token).toBe('string');
    expect(Date.parse(json.token.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(json.user).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Stone',
      email: 'mixed.case@example.test',
      phone: '+1 (512) 555-0101',
      userType: 'user',
      role: 'user',
      primary_services: [],
      isAdmin: false,
      KYC_verified: false,
      is_verified: false,
      is_paid: false,
      email_verified: false,
    });
    expect(json.user._id).toBe(json.user.id);
    expect(res.body).not.toMatch(/password|argon2/i);
    // Open, but holding nothing until the code is entered (auth-unverified.test.ts).
    expect(await sessionIsLive(t, json.token.token)).toBe(true);
    expect(await tokenIsAccepted(t, json.token.token)).toBe(false);

    const mail = lastMail(t.dataDir, 'mixed.case@example.test');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);
    expect(mail.html).toContain(mail.code);
    expect(mail.subject).toMatch(/Pawsy/);
    // Whoever signs up types the name: until the address's owner confirms it, no mail carries it.
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    expect(`${mail.text}${mail.html}`).not.toMatch(/Olivia|Stone/);
  });

  it('makes a provider from primery_services (spec spelling) or primary_services', async () => {
    const a = await signup(signupBody({ primery_services: ['Dog walking', 'Boarding'] }));
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().user).toMatchObject({
      userType: 'provider',
      primary_services: ['dog-walking', 'boarding'],
    });
    const b = await signup(signupBody({ primary_services: ['Pet sitting'] }));
    expect(b.json().user).toMatchObject({
      userType: 'provider',
      primary_services: ['pet-sitting'],
    });
    const c = await signup(signupBody({ userType: 'provider' }));
    expect(c.json().user.userType).toBe('provider');
    const d = await signup(signupBody({ primery_services: ['Dog walking'], userType: 'user' }));
    expect(d.json().user.userType).toBe('user');
  });

  it('coerces term to a boolean and requires it to be accepted', async () => {
    expect((await signup(signupBody({ term: 'true' }))).statusCode).toBe(201);
    for (const term of [false, 'false', 0, '']) {
      const res = await signup(signupBody({ term }));
      expect(res.statusCode, String(term)).toBe(400);
      expect(res.json().message).toMatch(/term/i);
    }
  });

  it('never makes an admin, whatever the body says', async () => {
    const asAdmin = await signup(signupBody({ userType: 'admin' }));
    expect(asAdmin.statusCode).toBe(400);
    const sneaky = await signup(
      signupBody({ isAdmin: true, role: 'admin', user_type: 'admin', KYC_verified: true }),
    );
    expect(sneaky.statusCode).toBe(201);
    expect(sneaky.json().user).toMatchObject({
      userType: 'user',
      isAdmin: false,
      KYC_verified: false,
    });
    const row = await t.app.db
      .selectFrom('users')
      .select(['user_type', 'kyc_verified'])
      .where('id', '=', sneaky.json().user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_type: 'user', kyc_verified: 0 });
  });

  it('answers a taken email (any letter case) like a new one, without revealing or touching it', async () => {
    const body = signupBody();
    const first = await signup(body);
    expect(first.statusCode).toBe(201);
    const email = String(body.email).toLowerCase();
    // A verified account (an unverified one's retry gets a code: auth-mail-gate.test.ts).
    const code = readMails(t.dataDir, email).at(-1)!.code;
    const verified = await t.call({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const mailsBefore = readMails(t.dataDir, email).length;
    const again = await signup({
      ...body,
      email: String(body.email).toUpperCase(),
      firstName: 'Mallory',
    });
    // The same status and shape as a new account's answer...
    expect(again.statusCode, again.body).toBe(201);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(first.json()).sort());
    expect(typeof again.json().token.token).toBe('string');
    expect(again.json().user).toMatchObject({ email, firstName: 'Mallory', email_verified: false });
    // ...but no account and no session behind it: the token is refused, the first account is
    // unchanged, and its owner is told by mail (no code is sent).
    expect(again.json().user.id).not.toBe(first.json().user.id);
    expect(await tokenIsAccepted(t, again.json().token.token)).toBe(false);
    expect(await tokenIsAccepted(t, first.json().token.token)).toBe(true);
    const rows = await t.app.db
      .selectFrom('users')
      .select(['id', 'first_name'])
      .where('email', '=', email)
      .execute();
    expect(rows).toEqual([{ id: first.json().user.id, first_name: 'Olivia' }]);
    const mails = readMails(t.dataDir, email);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toMatch(/tried to sign up/);
    expect(mails.at(-1)!.code).toBeUndefined();
    const verify = await t.call({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: '000000' },
    });
    expect(verify.statusCode).toBe(400);
  });

  it('stores the password hashed with argon2id', async () => {
    const body = signupBody();
    const res = await signup(body);
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', res.json().user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(body.password);
  });

  it('rejects bad input with a 400 and a message', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['missing firstName', signupBody({ firstName: undefined })],
      ['missing email', signupBody({ email: undefined })],
      ['missing phone', signupBody({ phone: undefined })],
      ['missing password', signupBody({ password: undefined })],
      ['missing term', signupBody({ term: undefined })],
      ['bad email', signupBody({ email: 'not-an-email' })],
      ['number as name', signupBody({ firstName: 42 })],
      ['object as email', signupBody({ email: { $ne: null } })],
      ['short password', signupBody({ password: 'short' })],
      ['129-char password', signupBody({ password: 'x'.repeat(129) })],
      ['huge name', signupBody({ lastName: 'a'.repeat(200_000) })],
      ['huge services', signupBody({ primery_services: ['a'.repeat(200_000)] })],
      ['services not strings', signupBody({ primery_services: [1, 2] })],
      ['letters as phone', signupBody({ phone: 'call me maybe' })],
    ];
    for (const [label, payload] of cases) {
      const res = await signup(payload);
      expect(res.statusCode, label).toBe(400);
      expect(typeof res.json().message, label).toBe('string');
    }
    expect(readMails(t.dataDir, 'not-an-email')).toEqual([]);
  });
});
