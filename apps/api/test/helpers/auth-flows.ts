import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { lastCode } from './mail.ts';

let seq = 0;

/** A valid signup body with a unique email; fields can be overridden or removed (undefined). */
export function signupPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    firstName: 'Olivia',
    lastName: 'Stone',
    email: `flow${seq}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    phone: '+1 512 555 0101',
    password: 'Signup-Pass-2026',
    term: true,
    ...overrides,
  };
}

/** Signs up through the API; returns the email, password, token and user id. */
export async function signupViaApi(t: TestApp, overrides: Record<string, unknown> = {}) {
  const payload = signupPayload(overrides);
  const res = await t.call({ method: 'POST', url: '/api/auth/signup', payload });
  expect(res.statusCode, res.body).toBe(201);
  const json = res.json();
  return {
    email: String(payload.email).toLowerCase(),
    password: String(payload.password),
    token: json.token.token as string,
    id: json.user.id as string,
  };
}

/** signupViaApi, then the mailed code through verify-otp: an account that may log in. */
export async function verifiedSignup(t: TestApp, overrides: Record<string, unknown> = {}) {
  const user = await signupViaApi(t, overrides);
  const res = await t.call({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { email: user.email, otp: lastCode(t.dataDir, user.email) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

export function login(t: TestApp, email: string, password: string, rememberMe?: boolean) {
  return t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) },
  });
}

/**
 * Whether a token gets past authentication: update-password with a wrong current password
 * answers 400 for a live session and 401 for a dead one.
 */
export async function tokenIsAccepted(t: TestApp, token: string): Promise<boolean> {
  const res = await t.call({
    method: 'PUT',
    url: '/api/auth/update-password',
    token,
    payload: { currentPassword: 'not-the-password', newPassword: 'Whatever-Pass-1' },
  });
  if (res.statusCode === 400) return true;
  expect(res.statusCode, res.body).toBe(401);
  expect(typeof res.json().message).toBe('string');
  return false;
}

/**
 * Moves a user's codes (creation and expiry) and auth-mail gate slots `seconds` into the past, as
 * if those mails had gone out then: past the 60 s resend wait at 61, past the day's cap at 86,400.
 */
export async function ageAuthMails(t: TestApp, userId: string, seconds: number): Promise<void> {
  const shift = (iso: string) => new Date(Date.parse(iso) - seconds * 1000).toISOString();
  const codes = await t.app.db
    .selectFrom('one_time_codes')
    .select(['id', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();
  for (const row of codes)
    await t.app.db
      .updateTable('one_time_codes')
      .set({ created_at: shift(row.created_at), expires_at: shift(row.expires_at) })
      .where('id', '=', row.id)
      .execute();
  const gates = await t.app.db
    .selectFrom('auth_mail_gates')
    .select(['kind', 'sent_at'])
    .where('user_id', '=', userId)
    .execute();
  for (const row of gates)
    await t.app.db
      .updateTable('auth_mail_gates')
      .set({ sent_at: shift(row.sent_at) })
      .where('user_id', '=', userId)
      .where('kind', '=', row.kind)
      .execute();
}

/**
 * Whether the session a token names is open (not revoked, not expired), read from the database:
 * a signup's session of an unconfirmed address is open but answers every call as a dead one
 * (plugins/auth.ts), so only the table tells it from an ended one.
 */
export async function sessionIsLive(t: TestApp, token: string): Promise<boolean> {
  const payload = token.split('.')[1] ?? '';
  const { jti: sid } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    jti: string;
  };
  const row = await t.app.db
    .selectFrom('sessions')
    .select(['revoked_at', 'expires_at'])
    .where('id', '=', sid)
    .executeTakeFirst();
  return row !== undefined && row.revoked_at === null && Date.parse(row.expires_at) > Date.now();
}
