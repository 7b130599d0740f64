import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

type Reply = { status: number; body?: unknown } | Error;

/** Opens /contact-us and fills in the form by keyboard, the way a visitor would. */
async function fillForm(handler: (call: FetchCall) => Reply) {
  const calls = mockFetch(handler);
  renderApp('/contact-us');
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^your name/i), '  Ann Visitor ');
  await user.type(screen.getByLabelText(/^email address/i), 'ann@example.test');
  // The topic is picked by keyboard: the arrow opens the list on its first topic, Enter picks it.
  await user.tab();
  expect(screen.getByRole('combobox', { name: /^topic/i })).toHaveFocus();
  await user.keyboard('{ArrowDown}{Enter}');
  await user.tab();
  // Pasted, not typed key by key: each key re-renders the whole app (slow on a busy CI box).
  await user.paste('How do I book a sitter for next week?');
  return { calls, user };
}

const send = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Send message' }));

describe('contact us screen', () => {
  it('sends the message to POST /api/contact and shows the server’s confirmation', async () => {
    const { calls, user } = await fillForm(() => ({
      status: 201,
      body: { success: true, message: 'Thanks! Your message has been sent.' },
    }));
    await send(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thanks! Your message has been sent.',
    );
    const contact = calls.filter((c) => c.url === '/api/contact');
    expect(contact).toHaveLength(1);
    expect(contact[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'Ann Visitor',
        email: 'ann@example.test',
        subject: 'Booking help',
        message: 'How do I book a sitter for next week?',
      },
    });
    expect(contact[0]!.headers['secret-key']).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^message/i })).toHaveValue('');
  });

  it('checks the fields first and sends nothing while they are wrong', async () => {
    const calls = mockFetch(() => ({ status: 201, body: { success: true, message: 'ok' } }));
    renderApp('/contact-us');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^email address/i), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: /^message/i }), 'Too short');
    await send(user);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Choose a topic')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/contact')).toHaveLength(0);
  });

  const failures: Array<[string, Reply, string]> = [
    [
      '429 with a message',
      { status: 429, body: { message: 'Too many requests, please try again in 1 hour' } },
      'Too many requests, please try again in 1 hour',
    ],
    ['500 without a message', { status: 500 }, 'Failed to send message'],
    ['a network failure', new TypeError('Failed to fetch'), 'Failed to send message'],
  ];
  for (const [name, reply, message] of failures) {
    it(`shows "${message}" on ${name} and keeps what was typed`, async () => {
      const { user } = await fillForm((call) =>
        call.url === '/api/contact' ? reply : { status: 200, body: {} },
      );
      await send(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /^message/i })).toHaveValue(
        'How do I book a sitter for next week?',
      );
    });
  }
});
