import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

describe('forgot password screen', () => {
  it('resets the password, then offers /login with the address filled in', async () => {
    const calls = mockFetch(({ url }) =>
      url === '/api/auth/reset-password'
        ? { status: 200, body: { success: true, data: null, message: 'Password reset' } }
        : { status: 200, body: { success: true, data: null, message: 'Code sent' } },
    );
    const { router } = renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^email/i), 'Casey@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('group', { name: 'Verification code' });
    // Step 1's form (and its button) is gone: the focus is on the code's first digit.
    expect(within(code).getAllByRole('textbox')[0]).toHaveFocus();
    await user.keyboard('123456');
    await user.type(screen.getByLabelText(/^new password/i), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    await screen.findByRole('heading', { level: 1, name: 'Log in to Pawsy' });
    expect(calls.find((c) => c.url === '/api/auth/reset-password')?.body).toMatchObject({
      email: 'casey@example.com',
    });
    expect(
      screen.getByText('Your password has been reset. Log in with your new password.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveValue('casey@example.com');
    expect(screen.getByLabelText(/^password/i)).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('step 2 sends a new code to the same address once the 60 s since the last one are over', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const sent = 'If an account exists for this email, a password reset code has been sent.';
    const calls = mockFetch(({ url }) =>
      url === '/api/auth/reset-password'
        ? {
            status: 400,
            body: {
              message: 'This code is wrong or no longer valid. Check it, or request a new code.',
            },
          }
        : { status: 200, body: { success: true, data: null, message: sent } },
    );
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^email/i), 'Casey@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('group', { name: 'Verification code' });
    expect(screen.getByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();

    // The code did not work: the message says to request a new one, and the button is there.
    await user.click(within(code).getAllByRole('textbox')[0]!);
    await user.keyboard('123456');
    await user.type(screen.getByLabelText(/^new password/i), 'a-new-long-password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('request a new code');
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: 'Send a new code in 30 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(30_000));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByRole('status')).toHaveTextContent(sent);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/auth/forget-password').map((c) => c.body)).toEqual([
      { email: 'casey@example.com' },
      { email: 'casey@example.com' },
    ]);
    expect(screen.getByRole('button', { name: 'Send a new code in 60 s' })).toBeDisabled();
  });

  it('a reload keeps step 2 while the code is valid, its resend wait counted from the send', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    mockFetch(() => ({ status: 200, body: { success: true, data: null, message: 'Code sent' } }));
    const first = renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^email/i), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('group', { name: 'Verification code' });
    first.unmount();

    act(() => vi.advanceTimersByTime(20_000));
    const reloaded = renderApp('/forgot-password');
    expect(
      await screen.findByText('Step 2 of 2: enter the code we sent to casey@example.com'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code in 40 s' })).toBeDisabled();
    reloaded.unmount();

    // Ten minutes after the code was sent it is no longer valid: step 1 again.
    act(() => vi.advanceTimersByTime(10 * 60_000));
    renderApp('/forgot-password');
    expect(await screen.findByText('Step 1 of 2: tell us your email address')).toBeInTheDocument();
  });

  it('"Use a different email address" forgets step 2 for a reload too', async () => {
    mockFetch(() => ({ status: 200, body: { success: true, data: null, message: 'Code sent' } }));
    const first = renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^email/i), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.click(await screen.findByRole('button', { name: 'Use a different email address' }));
    first.unmount();
    renderApp('/forgot-password');
    expect(await screen.findByText('Step 1 of 2: tell us your email address')).toBeInTheDocument();
  });
});
