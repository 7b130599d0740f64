import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const WRONG_CURRENT = 'Current password is incorrect';

async function refusedByServer() {
  storeSession({ email: 'sam@example.com' });
  const calls = mockFetch((call) =>
    call.url === '/api/auth/update-password'
      ? { status: 400, body: { message: WRONG_CURRENT } }
      : { status: 404, body: { message: 'Not found' } },
  );
  renderApp('/Settings');
  const form = await screen.findByRole('form', { name: 'Change password' });
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText(/^current password/i), 'not-my-password');
  await user.type(within(form).getByLabelText(/^new password/i), 'brand-new-pass1');
  await user.type(within(form).getByLabelText(/^confirm new password/i), 'brand-new-pass1');
  await user.click(within(form).getByRole('button', { name: 'Update password' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(WRONG_CURRENT);
  return { form, user, calls };
}

describe('settings: change password', () => {
  it('shows only "Passwords do not match" when the next attempt has mismatching passwords', async () => {
    const { form, user, calls } = await refusedByServer();
    await user.clear(within(form).getByLabelText(/^current password/i));
    await user.type(within(form).getByLabelText(/^current password/i), 'my-real-password');
    await user.type(within(form).getByLabelText(/^confirm new password/i), '2');
    await user.click(within(form).getByRole('button', { name: 'Update password' }));
    expect(await within(form).findByText('Passwords do not match')).toBeInTheDocument();
    expect(within(form).queryByText(WRONG_CURRENT)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.endsWith('/update-password'))).toHaveLength(1);
  });

  it('drops the server refusal once a field is changed', async () => {
    const { form, user } = await refusedByServer();
    await user.type(within(form).getByLabelText(/^current password/i), 'x');
    expect(within(form).queryByText(WRONG_CURRENT)).not.toBeInTheDocument();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('settings: sections by role', () => {
  it('shows a sitter no subscription section (packages are for owners)', async () => {
    storeSession({ email: 'sally@example.com', userType: 'provider' });
    mockFetch(() => ({ status: 200, body: { success: true, data: null, isPaid: false } }));
    renderApp('/Settings');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Close account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Subscription' })).toBeNull();
  });

  it('shows an owner the subscription section', async () => {
    storeSession({ email: 'olivia@example.com', userType: 'user' });
    mockFetch(() => ({ status: 200, body: { success: true, data: null, isPaid: false } }));
    renderApp('/Settings');
    expect(await screen.findByRole('heading', { name: 'Subscription' })).toBeInTheDocument();
  });
});
