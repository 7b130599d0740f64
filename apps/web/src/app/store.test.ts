import { describe, expect, it } from 'vitest';
import { loggedIn } from '../features/auth/auth-slice';
import { createPersistedStore } from './store';

describe('persisted store', () => {
  it('keeps state in sessionStorage under persist:root, without the review area', async () => {
    const { store, persistor } = createPersistedStore();
    await new Promise<void>((resolve) => {
      if (persistor.getState().bootstrapped) resolve();
      else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
    });
    store.dispatch(loggedIn({ token: 't', user: { id: 'u1' }, expiresAt: null }));
    await persistor.flush();
    const saved = JSON.parse(sessionStorage.getItem('persist:root') ?? '{}') as Record<
      string,
      string
    >;
    expect(Object.keys(saved)).toEqual(
      expect.arrayContaining([
        'auth',
        'profile',
        'pets',
        'kyc',
        'booking',
        'dispute',
        'chatModal',
        'dashboard',
        'userCredit',
        'coupons',
      ]),
    );
    expect(saved.review).toBeUndefined();
    expect(JSON.parse(saved.auth!)).toMatchObject({ token: 't', user: { id: 'u1' } });
  });
});
