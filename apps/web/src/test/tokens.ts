import type { SessionUser } from '../lib/session';

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token with the given payload (the browser never checks the signature). */
export function makeToken(payload: Partial<SessionUser> & Record<string, unknown> = {}): string {
  const body = {
    id: 'u1',
    email: 'sam@example.com',
    userType: 'user',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...payload,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(body)}.signature`;
}

/** Puts a valid session in sessionStorage, as a login would. */
export function storeSession(
  payload: Partial<SessionUser> & Record<string, unknown> = {},
  expiresInMs = 3_600_000,
) {
  const token = makeToken(payload);
  const user = JSON.parse(
    atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
  ) as SessionUser;
  sessionStorage.setItem('authToken', token);
  sessionStorage.setItem('authUser', JSON.stringify(user));
  sessionStorage.setItem('authExpiresAt', new Date(Date.now() + expiresInMs).toISOString());
  return { token, user };
}
