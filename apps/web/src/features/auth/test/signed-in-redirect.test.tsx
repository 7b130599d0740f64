import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const cases: Array<[string, object, boolean, string]> = [
  ['an admin', { userType: 'admin' }, true, '/dashboard'],
  ['a member whose KYC is not verified', { userType: 'user' }, false, '/kyc'],
  ['a sitter whose KYC is verified', { userType: 'provider' }, true, '/user-dashboard'],
];

describe('login and signup for someone already signed in', () => {
  for (const path of ['/login', '/SignUp']) {
    for (const [who, claims, isKycVerified, target] of cases) {
      it(`sends ${who} from ${path} to ${target} at once, without the form`, async () => {
        const calls = mockFetch(({ url }) =>
          url === '/api/user/user-profile'
            ? { status: 200, body: { success: true, data: { KYC_verified: isKycVerified } } }
            : { status: 404, body: { message: 'Not found' } },
        );
        storeSession({ id: 'u7', ...claims });
        const { router } = renderApp(path);
        // No form and no success message to wait through: the address changes by itself.
        await waitFor(() => expect(router.state.location.pathname).toBe(target), {
          timeout: 10_000,
        });
        expect(screen.queryByText('Login successful! Redirecting...')).not.toBeInTheDocument();
        expect(screen.queryByRole('form', { name: /log in|sign up/i })).not.toBeInTheDocument();
        expect(calls.some((c) => c.url.startsWith('/api/auth/'))).toBe(false);
      });
    }
  }

  it('still shows the form to a visitor without a session', async () => {
    mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    const { router } = renderApp('/login');
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
