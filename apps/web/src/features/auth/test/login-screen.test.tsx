import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeToken } from '../../../test/tokens';

type Reply = { status: number; body?: unknown } | Error;

async function submitLogin(handler: (call: FetchCall) => Reply) {
  const calls = mockFetch(handler);
  const view = renderApp('/login');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^email/i), 'sam@example.com');
  await user.type(screen.getByLabelText(/^password/i), 'correct horse');
  return { ...view, calls, user };
}

async function expectErrorModal(message: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent(message);
  expect(dialog.querySelector('[data-modal-type]')).toHaveAttribute('data-modal-type', 'error');
}

describe('login screen', () => {
  it('sends email, password and rememberMe to POST /api/auth/login', async () => {
    const { calls, user } = await submitLogin(() => ({ status: 400 }));
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('dialog');
    expect(calls[0]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      body: { email: 'sam@example.com', password: 'correct horse', rememberMe: true },
    });
    expect(calls[0]!.headers['x-auth-token']).toBeUndefined();
  });

  const cases: Array<[string, Reply, string]> = [
    ['400 without a message', { status: 400, body: {} }, 'Invalid credentials.'],
    [
      '400 with a message',
      { status: 400, body: { message: 'Email is not verified' } },
      'Email is not verified',
    ],
    ['401 without a message', { status: 401 }, 'Invalid username or password.'],
    ['401 with a message', { status: 401, body: { message: 'Account locked' } }, 'Account locked'],
    ['500 without a message', { status: 500 }, 'Login failed.'],
    [
      '429 with a message',
      { status: 429, body: { message: 'Too many attempts' } },
      'Too many attempts',
    ],
    ['a network failure', new TypeError('Failed to fetch'), 'Login failed.'],
  ];
  for (const [name, reply, message] of cases) {
    it(`shows "${message}" on ${name}`, async () => {
      const { user, router } = await submitLogin(() => reply);
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await expectErrorModal(message);
      expect(router.state.location.pathname).toBe('/login');
      expect(sessionStorage.getItem('authToken')).toBeNull();
    });
  }

  it("names the error modal's close (X) button", async () => {
    const { user } = await submitLogin(() => ({ status: 401 }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await expectErrorModal('Invalid username or password.');
    const dialog = screen.getByRole('dialog');
    for (const button of within(dialog).getAllByRole('button'))
      expect(button).toHaveAccessibleName();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('closing the error modal with Escape puts the focus on the password, not <body>', async () => {
    const { user } = await submitLogin(() => ({ status: 401 }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await expectErrorModal('Invalid username or password.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^password/i)));
  });

  const redirects: Array<[string, object, Reply, string]> = [
    ['an admin', { userType: 'admin' }, { status: 500 }, '/dashboard'],
    [
      'a user whose KYC is not verified',
      { userType: 'user' },
      { status: 200, body: { success: true, data: { KYC_verified: false } } },
      '/kyc',
    ],
    [
      'a provider whose KYC is verified',
      { userType: 'provider' },
      { status: 200, body: { success: true, data: { KYC_verified: true } } },
      '/user-dashboard',
    ],
    ['a user whose profile cannot be loaded', { userType: 'user' }, { status: 500 }, '/kyc'],
  ];
  for (const [who, claims, profileReply, target] of redirects) {
    it(`sends ${who} to ${target} three seconds after success`, async () => {
      const token = makeToken({ id: 'u7', ...claims });
      const { user, router } = await submitLogin((call) =>
        call.url === '/api/auth/login'
          ? {
              status: 200,
              body: { token, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
            }
          : profileReply,
      );
      vi.useFakeTimers({ shouldAdvanceTime: true });
      void user;
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      const dialog = await screen.findByRole('dialog');
      expect(await screen.findByText('Login successful! Redirecting...')).toBeInTheDocument();
      expect(dialog.querySelector('[data-modal-type]')).toHaveAttribute(
        'data-modal-type',
        'success',
      );
      expect(sessionStorage.getItem('authToken')).toBe(token);
      expect(JSON.parse(sessionStorage.getItem('authUser')!)).toMatchObject({ id: 'u7' });

      await act(async () => {
        vi.advanceTimersByTime(2500);
      });
      expect(router.state.location.pathname).toBe('/login');
      await act(async () => {
        vi.advanceTimersByTime(600);
      });
      expect(router.state.location.pathname).toBe(target);
    });
  }

  describe('an address not confirmed yet (403)', () => {
    const UNVERIFIED =
      'Confirm your email address first: enter the code we emailed you. A new code can be sent once a minute.';
    const CONTESTED =
      'This address was signed up more than once before it was confirmed, so a code cannot confirm a password for it.';
    const token = makeToken({ id: 'u8', userType: 'user' });
    let verified = false;
    const api = (call: FetchCall): Reply => {
      if (call.url === '/api/auth/login')
        return verified
          ? {
              status: 200,
              body: {
                token,
                expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
                user: { KYC_verified: true },
              },
            }
          : { status: 403, body: { message: UNVERIFIED } };
      if (call.url === '/api/auth/verify-otp') {
        const ok = (call.body as { otp: string }).otp === '123456';
        verified = ok;
        return ok
          ? { status: 200, body: { success: true, message: 'Email verified' } }
          : { status: 400, body: { message: 'Invalid or expired code' } };
      }
      return { status: 404, body: { message: 'Not found' } };
    };

    it('points to a password reset when the address was signed up more than once (409)', async () => {
      const contested = (call: FetchCall): Reply =>
        call.url === '/api/auth/verify-otp'
          ? { status: 409, body: { message: CONTESTED } }
          : api(call);
      const { user, router } = await submitLogin(contested);
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await screen.findByRole('heading', { name: 'Confirm your email' });
      await user.keyboard('123456');
      await user.click(screen.getByRole('button', { name: 'Verify code' }));
      expect(await screen.findByText(CONTESTED)).toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Choose your password' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    });

    it('asks for the emailed code in place of an error, then logs in with it', async () => {
      verified = false;
      const { user, calls } = await submitLogin(api);
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(
        await screen.findByRole('heading', { name: 'Confirm your email' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(UNVERIFIED);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      const digits = screen.getAllByLabelText('Verification code digit');
      await waitFor(() => expect(digits[0]).toHaveFocus());

      await user.keyboard('654321');
      await user.click(screen.getByRole('button', { name: 'Verify code' }));
      expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();

      await user.clear(digits[0]!);
      await user.click(digits[0]!);
      await user.keyboard('123456');
      await user.click(screen.getByRole('button', { name: 'Verify code' }));
      expect(await screen.findByText('Login successful! Redirecting...')).toBeInTheDocument();
      const verify = calls.filter((c) => c.url === '/api/auth/verify-otp').at(-1)!;
      expect(verify.body).toEqual({ email: 'sam@example.com', otp: '123456' });
      expect(verify.headers['x-auth-token']).toBeUndefined();
      // The login is sent again with what was typed, and its session kept.
      expect(calls.filter((c) => c.url === '/api/auth/login').at(-1)!.body).toEqual({
        email: 'sam@example.com',
        password: 'correct horse',
        rememberMe: false,
      });
      expect(sessionStorage.getItem('authToken')).toBe(token);
    });

    it('"Back to log in" returns to the form with the address kept', async () => {
      verified = false;
      const { user } = await submitLogin(api);
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      await user.click(await screen.findByRole('button', { name: 'Back to log in' }));
      expect(await screen.findByLabelText(/^email/i)).toHaveValue('sam@example.com');
      expect(screen.queryByRole('heading', { name: 'Confirm your email' })).not.toBeInTheDocument();
    });
  });
});
