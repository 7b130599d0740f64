import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken, storeSession } from '../test/tokens';
import {
  checkSession,
  clearSession,
  endSession,
  readEndedSessionUser,
  readSession,
  saveSession,
  scheduleSessionExpiry,
  SESSION_KEYS,
} from './session';

function expectStorageCleared() {
  expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
  expect(sessionStorage.getItem(SESSION_KEYS.user)).toBeNull();
  expect(sessionStorage.getItem(SESSION_KEYS.expiresAt)).toBeNull();
  expect(sessionStorage.length).toBe(0);
}

describe('session validity (SPEC §4)', () => {
  afterEach(() => vi.useRealTimers());

  it('accepts a stored session whose token and expiry are in the future', () => {
    const { token } = storeSession({ id: 'abc', userType: 'provider' });
    const session = checkSession();
    expect(session?.token).toBe(token);
    expect(session?.user).toMatchObject({ id: 'abc', userType: 'provider' });
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe(token);
  });

  it('saveSession stores the token, the decoded user with its id and the expiry', () => {
    const token = makeToken({ id: 'u42', email: 'kim@example.com' });
    const session = saveSession(token, '2099-01-01T00:00:00.000Z');
    expect(session?.user.id).toBe('u42');
    expect(sessionStorage.getItem('authToken')).toBe(token);
    expect(JSON.parse(sessionStorage.getItem('authUser')!)).toMatchObject({
      id: 'u42',
      email: 'kim@example.com',
    });
    expect(sessionStorage.getItem('authExpiresAt')).toBe('2099-01-01T00:00:00.000Z');
  });

  it('saveSession refuses a token it cannot decode', () => {
    expect(saveSession('not-a-jwt', '2099-01-01T00:00:00.000Z')).toBeNull();
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });

  const invalidCases: Array<[string, () => void]> = [
    [
      'the user is missing',
      () => {
        storeSession();
        sessionStorage.removeItem('authUser');
      },
    ],
    [
      'the token is missing',
      () => {
        storeSession();
        sessionStorage.removeItem('authToken');
      },
    ],
    [
      'authExpiresAt has passed',
      () => {
        storeSession();
        sessionStorage.setItem('authExpiresAt', new Date(Date.now() - 1000).toISOString());
      },
    ],
    [
      "the token's exp has passed",
      () => {
        storeSession({ exp: Math.floor(Date.now() / 1000) - 10 });
      },
    ],
    [
      'the token cannot be decoded',
      () => {
        storeSession();
        sessionStorage.setItem('authToken', 'garbage.%%%.sig');
      },
    ],
  ];

  for (const [reason, arrange] of invalidCases) {
    it(`is invalid and clears storage when ${reason}`, () => {
      arrange();
      sessionStorage.setItem('persist:root', '{"auth":"{}"}');
      expect(readSession()).toBeNull();
      expect(checkSession()).toBeNull();
      expectStorageCleared();
    });
  }

  it('calls back when the session expires', () => {
    vi.useFakeTimers();
    storeSession({}, 5_000);
    const session = readSession()!;
    const onExpire = vi.fn();
    scheduleSessionExpiry(session, onExpire);
    vi.advanceTimersByTime(4_000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_500);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('waits in steps when the session outlives a 32-bit timer (30-day remember-me)', () => {
    vi.useFakeTimers();
    const thirtyDays = 30 * 24 * 3600 * 1000;
    storeSession({ exp: Math.floor((Date.now() + thirtyDays) / 1000) }, thirtyDays);
    const onExpire = vi.fn();
    scheduleSessionExpiry(readSession()!, onExpire);
    vi.advanceTimersByTime(25 * 24 * 3600 * 1000);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * 24 * 3600 * 1000 + 1000);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('an ended session (not a logout) keeps whose it was until the next login or logout', () => {
    storeSession({ id: 'u7', email: 'sam@example.com' });
    expect(readEndedSessionUser()).toBeNull(); // valid: nothing ended
    endSession();
    expect(readSession()).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    // SPEC §4: an invalid session clears storage, the mark included (it is kept in memory).
    expect(sessionStorage.length).toBe(0);
    expect(readEndedSessionUser()).toMatchObject({ id: 'u7', email: 'sam@example.com' });
    // A second refused call, with the session gone already, keeps it.
    endSession();
    expect(readEndedSessionUser()).toMatchObject({ id: 'u7' });
    saveSession(makeToken({ id: 'u7' }));
    expect(readEndedSessionUser()).toBeNull();
    endSession();
    clearSession();
    expect(readEndedSessionUser()).toBeNull();
  });

  it('counts a stored session that expired as ended, before anything clears it', () => {
    storeSession({ id: 'u7' }, -1000);
    expect(readEndedSessionUser()).toMatchObject({ id: 'u7' });
  });
});
