import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeToken } from '../../../test/tokens';

type Reply = { status: number; body?: unknown };

/** Types 123456 into the signup's code dialog and waits for SPEC §4's success message. */
async function enterCodeAndSeeItVerified(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: /check your email/i });
  await user.click(within(dialog).getAllByRole('textbox')[0]!);
  await user.keyboard('123456');
  await user.click(within(dialog).getByRole('button', { name: 'Verify code' }));
  expect(await screen.findByText('OTP verified successfully! Redirecting...')).toBeInTheDocument();
}

async function fillAndSubmit(handler: (call: FetchCall) => Reply, beforeSubmit = () => {}) {
  const calls = mockFetch(handler);
  const view = renderApp('/SignUp');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/first name/i), 'Casey');
  await user.type(screen.getByLabelText(/last name/i), 'Jones');
  await user.type(screen.getByLabelText(/^email/i), 'Casey@Example.com');
  await user.type(screen.getByLabelText(/^phone/i), '+1 555 0100');
  await user.type(screen.getByLabelText(/^password/i), 'long-enough-pw');
  await user.click(screen.getByRole('radio', { name: /pet sitter/i }));
  await user.click(screen.getByRole('checkbox', { name: /terms of use/i }));
  beforeSubmit();
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return { ...view, calls, user };
}

async function expectError(message: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(message)).toBeInTheDocument();
  expect(dialog.querySelector('[data-modal-type]')).toHaveAttribute('data-modal-type', 'error');
}

describe('signup screen', () => {
  it('validates required fields before calling the API', async () => {
    const calls = mockFetch(() => ({ status: 201 }));
    renderApp('/SignUp');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('You must accept the terms of use')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows "Invalid token received from server." when the answer has no token string', async () => {
    await fillAndSubmit(() => ({ status: 201, body: { token: {}, user: {} } }));
    await expectError('Invalid token received from server.');
    expect(screen.queryByText(/check your email/i)).not.toBeInTheDocument();
  });

  it('shows "Signup failed with unexpected status code." on a non-201 success', async () => {
    await fillAndSubmit(() => ({ status: 200, body: { token: { token: 'x.y.z' } } }));
    await expectError('Signup failed with unexpected status code.');
  });

  it("shows the server's message, or the fallback, when signup fails", async () => {
    await fillAndSubmit(() => ({
      status: 409,
      body: { message: 'This email is already registered' },
    }));
    await expectError('This email is already registered');
  });

  it('falls back to "Signup failed. Please try again." without a server message', async () => {
    await fillAndSubmit(() => ({ status: 500 }));
    await expectError('Signup failed. Please try again.');
  });

  it('sends the spec fields (primery_services, term, userType) and opens the OTP modal', async () => {
    const { calls, store } = await fillAndSubmit(() => ({
      status: 201,
      body: { token: { token: 'new.signup.token' }, user: {} },
    }));
    const dialog = await screen.findByRole('dialog', { name: /check your email/i });
    expect(within(dialog).getByText('casey@example.com')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/signup',
      method: 'POST',
      body: {
        firstName: 'Casey',
        lastName: 'Jones',
        email: 'casey@example.com',
        phone: '+1 555 0100',
        primery_services: [],
        password: 'long-enough-pw',
        term: true,
        userType: 'provider',
      },
    });
    expect(store.getState().auth).toMatchObject({
      showOTPModal: true,
      signupToken: 'new.signup.token',
    });
  });

  it('the code modal opens with focus on the first code box, not the close button', async () => {
    await fillAndSubmit(() => ({ status: 201, body: { token: { token: 'new.signup.token' } } }));
    const dialog = await screen.findByRole('dialog', { name: /check your email/i });
    const boxes = within(dialog).getAllByLabelText('Verification code digit');
    await waitFor(() => expect(document.activeElement).toBe(boxes[0]));
  });

  it('counts the 60 s before "Resend code" from the signup that sent the code, not from page load', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    // Filling in the form took a minute and a half.
    await fillAndSubmit(
      () => ({ status: 201, body: { token: { token: 'new.signup.token' } } }),
      () => vi.setSystemTime(Date.now() + 90_000),
    );
    const dialog = await screen.findByRole('dialog', { name: /check your email/i });
    act(() => vi.advanceTimersByTime(1000));
    expect(within(dialog).getByRole('button', { name: 'Resend code in 59 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(58_000));
    expect(within(dialog).getByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(within(dialog).getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('an empty form sent moves focus to the first invalid field', async () => {
    mockFetch(() => ({ status: 500 }));
    renderApp('/SignUp');
    const user = userEvent.setup();
    const create = await screen.findByRole('button', { name: 'Create account' });
    await user.click(create);
    const first = screen.getByRole('textbox', { name: /^First name/ });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first).toHaveAttribute('aria-invalid', 'true');
  });

  it('verifies the code and opens the app signed in, on /kyc like a new login', async () => {
    const token = makeToken({ id: 'u9', email: 'casey@example.com', userType: 'user' });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { user, router, store } = await fillAndSubmit((call) =>
      call.url === '/api/auth/signup'
        ? { status: 201, body: { token: { token, expiresAt } } }
        : call.url === '/api/auth/verify-otp'
          ? { status: 200, body: { success: true, message: 'OTP verified successfully' } }
          : { status: 404, body: { message: 'No KYC records found' } },
    );
    await enterCodeAndSeeItVerified(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc'));
    expect(store.getState().auth.token).toBe(token);
    expect(sessionStorage.getItem('authToken')).toBe(token);
  });

  it('a reload during the code step opens it again, and its code goes with the signup session', async () => {
    const token = makeToken({ id: 'u9', email: 'casey@example.com', userType: 'user' });
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { calls, unmount } = await fillAndSubmit((call) =>
      call.url === '/api/auth/signup'
        ? { status: 201, body: { token: { token, expiresAt } } }
        : call.url === '/api/auth/verify-otp'
          ? { status: 200, body: { success: true, message: 'OTP verified successfully' } }
          : { status: 404, body: { message: 'No KYC records found' } },
    );
    await screen.findByRole('dialog', { name: /check your email/i });
    unmount();

    // The tab reloads: a new app and store, the same sessionStorage.
    const { router } = renderApp('/SignUp');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: /check your email/i });
    expect(within(dialog).getByText(/casey@example\.com/i)).toBeInTheDocument();
    await enterCodeAndSeeItVerified(user);
    const verify = calls.find((c) => c.url === '/api/auth/verify-otp');
    expect(verify?.body).toEqual({ email: 'casey@example.com', otp: '123456' });
    expect(verify?.headers['x-auth-token']).toBe(token);
    await waitFor(() => expect(router.state.location.pathname).toBe('/kyc'));

    // Used: a later visit to /SignUp starts at the form.
    expect(sessionStorage.getItem('signupCodeSentTo')).toBeNull();
  });

  it('closing the code dialog leaves the code step: a reload does not bring it back', async () => {
    const { user, unmount } = await fillAndSubmit(() => ({
      status: 201,
      body: { token: { token: 'new.signup.token' } },
    }));
    const dialog = await screen.findByRole('dialog', { name: /check your email/i });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    unmount();
    renderApp('/SignUp');
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /check your email/i })).not.toBeInTheDocument();
  });

  it('goes to /login with the address filled in when the signup token cannot be read', async () => {
    const { calls, user, router, store } = await fillAndSubmit((call) =>
      call.url === '/api/auth/signup'
        ? { status: 201, body: { token: { token: 'new.signup.token' } } }
        : { status: 200, body: { success: true, message: 'Email verified' } },
    );
    await enterCodeAndSeeItVerified(user);
    expect(calls[1]).toMatchObject({
      url: '/api/auth/verify-otp',
      body: { email: 'casey@example.com', otp: '123456' },
    });
    expect(store.getState().auth.showOTPModal).toBe(false);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /check your email/i })).not.toBeInTheDocument(),
    );
    await screen.findByRole('heading', { level: 1, name: 'Log in to Pawsy' });
    expect(router.state.location.pathname).toBe('/login');
    // The address just confirmed is filled in, handed over in router state, not in the URL.
    expect(screen.getByText('Your email is confirmed. Log in to continue.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveValue('casey@example.com');
    expect(router.state.location.search).toBe('');
  });

  it.each([
    ['/SignUp?role=provider', 'Pet sitter'],
    ['/SignUp', 'Pet owner'],
  ])('%s starts with "%s" chosen', async (path, role) => {
    mockFetch(() => ({ status: 200, body: {} }));
    renderApp(path);
    expect(await screen.findByRole('radio', { name: role })).toBeChecked();
  });

  it('shows the OTP fallback when verification fails without a message', async () => {
    const { user } = await fillAndSubmit((call) =>
      call.url === '/api/auth/signup'
        ? { status: 201, body: { token: { token: 't.t.t' } } }
        : { status: 400 },
    );
    const dialog = await screen.findByRole('dialog', { name: /check your email/i });
    await user.click(within(dialog).getAllByRole('textbox')[0]!);
    await user.keyboard('654321');
    await user.click(within(dialog).getByRole('button', { name: 'Verify code' }));
    expect(await within(dialog).findByText('OTP verification failed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /resend code in \d+ s/i })).toBeDisabled();
    // The wrong digits go and the focus is back on the first box, to type the code again.
    const digits = within(dialog).getAllByRole('textbox');
    for (const digit of digits) expect(digit).toHaveValue('');
    expect(digits[0]).toHaveFocus();
  });
});

describe('signup terms', () => {
  it('opens the terms of use and the privacy policy in a new tab, and says so', async () => {
    mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    renderApp('/SignUp');
    // jsdom's name computation drops the space before the hidden hint; browsers keep it.
    for (const [name, href] of [
      [/^terms of use ?\(opens in a new tab\)$/, '/terms-of-use'],
      [/^privacy policy ?\(opens in a new tab\)$/, '/privacy-policy'],
    ] as const) {
      const link = await screen.findByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    }
  });
});
