import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const STILL_OPEN =
  'Your account still has 1 booking asked for, accepted or under way. Cancel, withdraw or ' +
  'finish them first (an open dispute waits for an admin), then close it.';

async function openDialog(reply: (call: FetchCall) => { status: number; body?: unknown }) {
  storeSession({ email: 'sam@example.com' });
  const calls = mockFetch((call) =>
    call.url === '/api/user/account'
      ? reply(call)
      : { status: 404, body: { message: 'Not found' } },
  );
  const { router } = renderApp('/Settings');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Close my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
  return { calls, user, dialog, router };
}

describe('settings: close account', () => {
  it('says what holds the account and keeps the session', async () => {
    const { calls, user, dialog } = await openDialog(() => ({
      status: 409,
      body: { message: STILL_OPEN },
    }));
    await user.type(within(dialog).getByLabelText(/your password/i), 'my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STILL_OPEN);
    expect(calls.find((c) => c.url === '/api/user/account')).toMatchObject({
      method: 'DELETE',
      body: { password: 'my-password-1' },
    });
    expect(sessionStorage.getItem('authToken')).not.toBeNull();
  });

  it('asks for the password before sending anything', async () => {
    const { calls, user, dialog } = await openDialog(() => ({ status: 200, body: {} }));
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter your password');
    expect(calls.some((c) => c.url === '/api/user/account')).toBe(false);
  });

  it('signs out and goes home once the account is closed', async () => {
    const { calls, user, dialog, router } = await openDialog(() => ({
      status: 200,
      body: { success: true, message: 'Your account is closed', data: { sessionsEnded: 'all' } },
    }));
    await user.type(within(dialog).getByLabelText(/your password/i), 'my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(
      await screen.findByText('Your account is closed. Thank you for using Pawsy.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStorage.getItem('authToken')).toBeNull();
    // Every session ended on the server already: no logout call follows the closing.
    expect(calls.some((c) => c.url.includes('logout'))).toBe(false);
  });

  it('offers no closing to an admin', async () => {
    storeSession({ email: 'admin@example.com', userType: 'admin' });
    mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    renderApp('/Settings');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close my account' })).not.toBeInTheDocument();
  });

  it('says how much credit is lost, in dollars, when the dialog opens', async () => {
    storeSession({ id: 'd'.repeat(24), email: 'sam@example.com' });
    mockFetch((call) =>
      call.url === `/api/userCredit/user-credits/${'d'.repeat(24)}`
        ? {
            status: 200,
            body: {
              success: true,
              data: { userId: 'd'.repeat(24), balance: 4750, currency: 'USD', entries: [] },
            },
          }
        : { status: 404, body: { message: 'Not found' } },
    );
    renderApp('/Settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    expect(
      await within(dialog).findByText(
        'The $47.50 of credits left on the account are lost; a subscription stops renewing.',
      ),
    ).toBeInTheDocument();
  });
});
