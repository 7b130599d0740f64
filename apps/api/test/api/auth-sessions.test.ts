import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, openSession, type TestUser } from '../helpers/factories.ts';
import { lastMail } from '../helpers/mail.ts';
import { login, tokenIsAccepted } from '../helpers/auth-flows.ts';
import { runPermissionMatrix, type Actors } from '../helpers/permission-matrix.ts';

let t: TestApp;
let actors: Actors;
beforeAll(async () => {
  t = await createTestApp();
  actors = {
    owner: await createUser(t.app),
    'another owner': await createUser(t.app),
    provider: await createUser(t.app, { user_type: 'provider' }),
    'another provider': await createUser(t.app, { user_type: 'provider' }),
    admin: await createUser(t.app, { user_type: 'admin' }),
  };
});
afterAll(async () => {
  await t.close();
});

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const logout = (token?: string, payload: object = {}) =>
  t.call({ method: 'POST', url: '/api/auth/logout', token, payload });
const updatePassword = (token: string, currentPassword: string, newPassword: string) =>
  t.call({
    method: 'PUT',
    url: '/api/auth/update-password',
    token,
    payload: { currentPassword, newPassword },
  });

async function freshLogin(u: TestUser): Promise<string> {
  const res = await login(t, u.email, u.password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

describe('token checks', () => {
  it('refuses a token whose signature was tampered with', async () => {
    const u = await createUser(t.app);
    const [header, payload, signature] = u.token.split('.');
    const forgedPayload = b64({
      ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
      userType: 'admin',
    });
    expect(await tokenIsAccepted(t, `${header}.${forgedPayload}.${signature}`)).toBe(false);
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    expect(await tokenIsAccepted(t, `${header}.${payload}.${flipped}`)).toBe(false);
  });

  it('refuses alg: none and tokens signed with another key', async () => {
    const u = await createUser(t.app);
    const payload = JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString());
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect(await tokenIsAccepted(t, unsigned)).toBe(false);
    const otherKey = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('some-other-secret-of-enough-length'));
    expect(await tokenIsAccepted(t, otherKey)).toBe(false);
  });

  it('refuses an expired token and a session past its expiry', async () => {
    const u = await createUser(t.app);
    const past = new Date(Date.now() - 60_000);
    const expired = await t.app.tokens.sign(
      { id: u.id, email: u.email, userType: 'user', sid: 'a'.repeat(24) },
      past,
    );
    expect(await tokenIsAccepted(t, expired)).toBe(false);
    const token = await openSession(t.app, { id: u.id, email: u.email, user_type: 'user' });
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: past.toISOString() })
      .where('user_id', '=', u.id)
      .execute();
    expect(await tokenIsAccepted(t, token)).toBe(false);
  });

  it('refuses garbage and missing tokens with 401 and a message', async () => {
    for (const token of ['garbage', 'a.b.c', 'Bearer ']) {
      const res = await logout(token);
      expect(res.statusCode).toBe(401);
      expect(typeof res.json().message).toBe('string');
    }
    const none = await logout(undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('No authentication token found');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token used; other sessions of the user stay valid', async () => {
    const u = await createUser(t.app);
    const other = await freshLogin(u);
    const res = await logout(u.token, { email: u.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) });
    expect(await tokenIsAccepted(t, u.token)).toBe(false);
    expect((await logout(u.token)).statusCode).toBe(401);
    expect(await tokenIsAccepted(t, other)).toBe(true);
  });

  it('ignores the body email: it only ends the caller own session', async () => {
    const victim = await createUser(t.app);
    const attacker = await createUser(t.app);
    expect((await logout(attacker.token, { email: victim.email })).statusCode).toBe(200);
    expect(await tokenIsAccepted(t, victim.token)).toBe(true);
  });

  it('works without a body', async () => {
    const u = await createUser(t.app);
    const res = await t.call({ method: 'POST', url: '/api/auth/logout', token: u.token });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('PUT /api/auth/update-password', () => {
  it('changes the password, keeps the caller session and revokes every other one', async () => {
    const u = await createUser(t.app);
    const otherA = await freshLogin(u);
    const otherB = await freshLogin(u);
    const res = await updatePassword(u.token, u.password, 'Brand-New-Pass-77');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Password updated successfully',
      data: { sessionsEnded: 'others' },
    });
    expect(await tokenIsAccepted(t, u.token)).toBe(true);
    expect(await tokenIsAccepted(t, otherA)).toBe(false);
    expect(await tokenIsAccepted(t, otherB)).toBe(false);
    expect((await login(t, u.email, u.password)).statusCode).toBe(401);
    expect((await login(t, u.email, 'Brand-New-Pass-77')).statusCode).toBe(200);
    expect(lastMail(t.dataDir, u.email).subject).toMatch(/password was changed/);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const u = await createUser(t.app);
    const res = await updatePassword(u.token, 'Not-My-Password-1', 'Brand-New-Pass-77');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Current password is incorrect');
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('refuses a new password that is too short, too long or the same', async () => {
    const u = await createUser(t.app);
    for (const newPassword of ['short', 'x'.repeat(129), u.password]) {
      const res = await updatePassword(u.token, u.password, newPassword);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const missing = await t.call({
      method: 'PUT',
      url: '/api/auth/update-password',
      token: u.token,
      payload: { newPassword: 'Brand-New-Pass-77' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/currentPassword/);
  });
});

runPermissionMatrix('auth permission matrix', () => ({ t, actors, fixtures: {} }), [
  { method: 'POST', path: '/api/auth/logout', as: 'anonymous', expect: 401 },
  {
    method: 'PUT',
    path: '/api/auth/update-password',
    as: 'anonymous',
    expect: 401,
    payload: { currentPassword: 'x-whatever', newPassword: 'Brand-New-Pass-77' },
  },
  {
    method: 'PUT',
    path: '/api/auth/update-password',
    as: 'owner',
    expect: 400,
    payload: { currentPassword: 'not-the-password', newPassword: 'Brand-New-Pass-77' },
    note: 'signed in, wrong current password',
  },
  ...(['owner', 'provider', 'admin'] as const).map((as) => ({
    method: 'POST',
    path: '/api/auth/logout',
    as,
    expect: 200,
  })),
]);
