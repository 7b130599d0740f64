import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeToken, storeSession } from '../../../test/tokens';

const NOTICE = 'Your session has ended. Please log in again.';
const LOGIN_HEADING = { level: 1, name: 'Log in to Pawsy' } as const;
const member = { id: 'u7', email: 'sam@example.com', userType: 'user' };

type Reply = { status: number; body?: unknown };

/**
 * The API for these tests: the login answers with a fresh session for `loginAs` (KYC verified
 * unless said otherwise: an unverified member always lands on /kyc), calls with `deadToken` are
 * refused (401), and everything else finds nothing.
 */
function mockApi({
  loginAs = member.id,
  deadToken,
  kycVerified = true,
}: {
  loginAs?: string;
  deadToken?: string;
  kycVerified?: boolean;
}) {
  return mockFetch((call: FetchCall): Reply => {
    if (call.url === '/api/auth/login')
      return {
        status: 200,
        body: {
          token: makeToken({ ...member, id: loginAs }),
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          user: { KYC_verified: kycVerified },
        },
      };
    if (deadToken && call.headers['x-auth-token'] === deadToken)
      return { status: 401, body: { message: 'Session expired' } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

/** On /login: the password typed (the address is filled in), then "Log in". */
async function logInAgain() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^password/i), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByText('Login successful! Redirecting...')).toBeInTheDocument();
}

// The login's three seconds (SPEC §2) pass in real time here.
const afterRedirect = { timeout: 10_000 };

describe('a session that ends mid-use', () => {
  it('expires on a page: /login says so with the address filled in, then goes back to the page', async () => {
    storeSession(member, 1500);
    mockApi({});
    const { router } = renderApp('/bookings?tab=past');
    const notice = await screen.findByText(NOTICE, {}, { timeout: 10_000 });
    // Said to screen readers as the screen opens.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText(/^email/i)).toHaveValue(member.email);

    await logInAgain();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'), afterRedirect);
    expect(router.state.location.search).toBe('?tab=past');
  });

  it('is refused by the server (a password changed in another tab): same notice, same way back', async () => {
    const { token } = storeSession(member);
    mockApi({ deadToken: token });
    const { router } = renderApp('/Settings');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('authToken')).toBeNull();

    await logInAgain();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Settings'), afterRedirect);
  });

  it('was found expired on arrival (the tab was reloaded): said, and the page is returned to', async () => {
    storeSession(member);
    sessionStorage.setItem('authExpiresAt', new Date(Date.now() - 60_000).toISOString());
    mockApi({});
    const { router } = renderApp('/pet-details');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(sessionStorage.getItem('authToken')).toBeNull();

    await logInAgain();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pet-details'), afterRedirect);
  });

  it('someone else logging in next lands as a plain login does (SPEC §2), not on that page', async () => {
    const { token } = storeSession(member);
    mockApi({ loginAs: 'u8', deadToken: token, kycVerified: false });
    const { router } = renderApp('/Settings');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();

    await logInAgain();
    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc'), afterRedirect);
  });
});

describe('a session that ends for a member whose KYC is not verified', () => {
  it('logs in to /kyc, as every login of theirs does (SPEC §6), not back to the page', async () => {
    const { token } = storeSession(member);
    mockApi({ deadToken: token, kycVerified: false });
    const { router } = renderApp('/Settings');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();

    await logInAgain();
    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc'), afterRedirect);
  });
});

describe('no session ended: no notice', () => {
  it('a deliberate logout lands on /login without it', async () => {
    storeSession(member);
    mockApi({});
    const { router } = renderApp('/Settings');
    const session = await screen.findByRole('region', { name: 'Session' });
    await userEvent.click(within(session).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', LOGIN_HEADING)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('a visitor who was never logged in, sent from a guarded page, lands as a plain login does', async () => {
    mockApi({ kycVerified: false });
    const { router } = renderApp('/Settings');
    expect(await screen.findByRole('heading', LOGIN_HEADING)).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^email/i), member.email);
    await logInAgain();
    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc'), afterRedirect);
  });
});
