import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialListPaging } from '../../../lib/list-pages';
import { mockFetch } from '../../../test/fetch-mock';
import { makeDispute, makeKycRecord, makePet, makeProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const signedInState = {
  profile: { data: makeProfile({ firstName: 'Sam' }), loading: false, error: null },
  kyc: {
    data: makeKycRecord(),
    records: [makeKycRecord()],
    page: null,
    status: 'PENDING' as const,
    loading: false,
    error: null,
    message: null,
  },
  dispute: {
    items: [makeDispute()],
    current: null,
    paging: initialListPaging,
    loading: false,
    error: null,
  },
  pets: {
    items: [makePet({ _id: 'p1' })],
    selectedIndex: 0,
    loading: false,
    adding: false,
    updating: false,
    removing: false,
    error: null,
  },
};

async function logOutFromMenu() {
  // Let the lazy screen settle first so the menu is not re-rendered while it opens.
  await screen.findAllByRole('heading', { level: 1 });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /account menu/i }, { timeout: 5000 }));
  await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
}

describe('logout', () => {
  it('calls POST /api/auth/logout with the email, clears storage and state, and goes to /login', async () => {
    const { token } = storeSession({ email: 'sam@example.com' });
    const calls = mockFetch((call) =>
      call.url === '/api/auth/logout'
        ? { status: 200, body: { success: true, message: 'Logged out' } }
        : { status: 404 },
    );
    const { router, store } = renderApp('/Settings', signedInState);
    await logOutFromMenu();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logoutCall = calls.find((call) => call.url === '/api/auth/logout');
    expect(logoutCall).toMatchObject({ method: 'POST', body: { email: 'sam@example.com' } });
    expect(logoutCall!.headers['x-auth-token']).toBe(token);
    expect(sessionStorage.getItem('authToken')).toBeNull();
    const state = store.getState();
    expect(state.auth.token).toBeNull();
    expect(state.profile.data).toBeNull();
    expect(state.kyc.data).toBeNull();
    expect(state.dispute.items).toEqual([]);
    // Beyond the spec's list, every area holding the person's data is emptied too.
    expect(state.pets.items).toEqual([]);
  });

  it('still clears the local session when the logout call fails, and only logs the failure', async () => {
    storeSession();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((call) =>
      call.url === '/api/auth/logout' ? new TypeError('Failed to fetch') : { status: 404 },
    );
    const { router, store } = renderApp('/Settings', signedInState);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(sessionStorage.getItem('authUser')).toBeNull();
    expect(store.getState().auth.user).toBeNull();
    expect(store.getState().profile.data).toBeNull();
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('clears the session when the server answers 500', async () => {
    storeSession();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((call) => (call.url === '/api/auth/logout' ? { status: 500 } : { status: 404 }));
    const { router } = renderApp('/Settings');
    await logOutFromMenu();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.length).toBe(0);
  });
});
