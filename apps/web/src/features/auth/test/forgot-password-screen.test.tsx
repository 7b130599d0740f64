import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    await user.click(within(code).getAllByRole('textbox')[0]!);
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
});
