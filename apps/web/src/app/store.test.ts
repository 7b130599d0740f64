import { describe, expect, it } from 'vitest';
import { loggedIn, loggedOut } from '../features/auth/auth-slice';
import type { AdminDashboard } from '../features/dashboard/dashboard-api';
import { adminDashboardLoaded } from '../features/dashboard/dashboard-slice';
import { initialPetsState } from '../features/pets/pets-slice';
import { makePet } from '../test/fixtures';
import { clearSession, SESSION_KEYS } from '../lib/session';
import { createPersistedStore, createTestStore } from './store';

/** A persisted store once its saved state was read. */
async function restoredStore() {
  const { store, persistor } = createPersistedStore();
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
  return { store, persistor };
}

describe('persisted store', () => {
  it('keeps state in sessionStorage under persist:root: the areas of SPEC §3, not review or chat', async () => {
    const { store, persistor } = await restoredStore();
    // As the login screen does: the session first, then the state.
    sessionStorage.setItem(SESSION_KEYS.token, 't');
    store.dispatch(loggedIn({ token: 't', user: { id: 'u1' }, expiresAt: null }));
    await persistor.flush();
    const saved = JSON.parse(sessionStorage.getItem('persist:root') ?? '{}') as Record<
      string,
      string
    >;
    expect(
      Object.keys(saved)
        .filter((k) => k !== '_persist')
        .sort(),
    ).toEqual(
      [
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
      ].sort(),
    );
    expect(saved.review).toBeUndefined();
    expect(saved.chat).toBeUndefined();
    expect(JSON.parse(saved.auth!)).toMatchObject({ token: 't', user: { id: 'u1' } });
  });

  it('leaves session storage empty after logout: the emptied state is not written back', async () => {
    const { store, persistor } = await restoredStore();
    sessionStorage.setItem(SESSION_KEYS.token, 't');
    store.dispatch(loggedIn({ token: 't', user: { id: 'u1' }, expiresAt: null }));
    await persistor.flush();
    expect(sessionStorage.getItem('persist:root')).not.toBeNull();

    clearSession();
    store.dispatch(loggedOut());
    await persistor.flush();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('logout', () => {
  it("empties every area that held the signed-in person's data, so the next person sees none of it", () => {
    const store = createTestStore({
      pets: { ...initialPetsState, items: [makePet({ name: 'Biscuit' })] },
    });
    store.dispatch(loggedIn({ token: 't', user: { id: 'u1' }, expiresAt: null }));
    store.dispatch(
      adminDashboardLoaded({
        data: { members: 24 } as unknown as AdminDashboard,
        at: '2026-11-28T10:00:00.000Z',
      }),
    );
    expect(store.getState().pets.items).toHaveLength(1);
    expect(store.getState().dashboard.data).not.toBeNull();

    store.dispatch(loggedOut());
    const after = store.getState();
    const fresh = createTestStore().getState();
    expect(after.auth.token).toBeNull();
    expect(after.pets).toEqual(fresh.pets);
    expect(after.dashboard).toEqual(fresh.dashboard);
    for (const area of [
      'profile',
      'kyc',
      'booking',
      'dispute',
      'chat',
      'userCredit',
      'coupons',
    ] as const)
      expect(after[area], area).toEqual(fresh[area]);
  });
});
