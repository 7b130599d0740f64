import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { storeSession } from '../test/tokens';

// Screens of other features fetch their data; here every call simply finds nothing.
const LOGIN_HEADING = { level: 1, name: 'Log in to Pawsy' } as const;

describe('routing and guards', () => {
  beforeEach(() => {
    mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
  });

  it('sends a visitor without a session from a guarded screen to /login', async () => {
    const { router } = renderApp('/petSitters/abc');
    expect(await screen.findByRole('heading', LOGIN_HEADING)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('clears an expired session and sends the visitor to /login', async () => {
    storeSession();
    sessionStorage.setItem('authExpiresAt', new Date(Date.now() - 60_000).toISOString());
    const { router } = renderApp('/bookings');
    await screen.findByRole('heading', LOGIN_HEADING);
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });

  it('shows a guarded screen (inside the layout) with a valid session', async () => {
    storeSession({ userType: 'user', email: 'owner@example.com' });
    const { router } = renderApp('/dispute/d1');
    expect(
      await screen.findByRole('button', { name: /account menu for owner@example.com/i }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('heading', LOGIN_HEADING)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dispute/d1');
  });

  for (const adminPath of ['/kyclisting', '/admin/disputes', '/admin/messages']) {
    it(`redirects a non-admin who opens ${adminPath} to /kyc`, async () => {
      storeSession({ userType: 'provider' });
      const { router } = renderApp(adminPath);
      await waitFor(() => expect(router.state.location.pathname).toBe('/kyc'));
      expect(sessionStorage.getItem('authToken')).not.toBeNull();
    });
  }

  for (const adminScreen of [
    '/admin',
    '/dashboard/member/m1',
    '/dashboard',
    '/admin/dispute/d1',
    '/dashboard/kyc/user/m1',
  ]) {
    it(`shows a non-admin who opens ${adminScreen} a note instead of the admin screen`, async () => {
      const calls = mockFetch(() => ({ status: 403, body: { message: 'Admin access required' } }));
      storeSession({ userType: 'user' });
      const { router } = renderApp(adminScreen);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Admins only' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(adminScreen);
      expect(document.title).toBe('Admins only · Pawsy');
      // Nothing of the admin screen: no decision panel, no dashboard, no call it would refuse.
      expect(
        screen.queryByRole('button', { name: /resolve|refresh|approve|reject/i }),
      ).not.toBeInTheDocument();
      expect(screen.queryByText('Admin access required')).not.toBeInTheDocument();
      expect(
        calls.filter((call) => /admin-dashboard|\/dispute\/|\/api\/kyc/.test(call.url)),
      ).toHaveLength(0);
      expect(screen.queryByRole('link', { name: 'See your own verification' })).toBeNull();
    });
  }

  it('points a member who opens the review of their own KYC to /kyc', async () => {
    const calls = mockFetch(() => ({ status: 403, body: { message: 'Admin access required' } }));
    storeSession({ id: 'u1', userType: 'provider' });
    const { router } = renderApp('/dashboard/kyc/user/u1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admins only' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your own verification' })).toHaveAttribute(
      'href',
      '/kyc',
    );
    expect(screen.queryByRole('button', { name: /approve|reject/i })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/kyc'))).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/dashboard/kyc/user/u1');
  });

  it('lets an admin in, reading the role from userType or role case-insensitively', async () => {
    storeSession({ userType: undefined, role: 'ADMIN' });
    const { router } = renderApp('/kyclisting');
    await screen.findByRole('button', { name: /account menu/i });
    await screen.findAllByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/kyclisting');
    await router.navigate('/admin/disputes');
    await screen.findAllByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/admin/disputes');
  });

  it('shows the not-found screen for an unknown path, with a link home', async () => {
    renderApp('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('matches paths with the spec’s case and suggests the right spelling', async () => {
    renderApp('/signup');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/SignUp' })).toHaveAttribute('href', '/SignUp');
  });

  it.each(['user', 'provider'] as const)(
    'links a signed-in %s to their conversations from the main navigation',
    async (userType) => {
      storeSession({ userType });
      renderApp('/bookings');
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      const link = within(nav).getByRole('link', { name: 'Messages' });
      expect(link).toHaveAttribute('href', '/chat-room');
    },
  );

  it('renders the public home page with one h1 and the main landmarks', async () => {
    renderApp('/');
    const h1s = await screen.findAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(/sitters you can trust/i);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
