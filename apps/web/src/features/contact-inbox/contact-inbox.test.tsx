import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { pageFrom } from '../../test/paging';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import type { ContactMessage } from './contact-inbox-api';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ADMIN_ID = 'aaaaaaaaaaaaaaaaaaaaaaa9';
const hex = (n: number) => n.toString(16).padStart(24, '0');
/** Newest first, as the API answers: message 1 is the newest. */
const MESSAGES: ContactMessage[] = Array.from({ length: 25 }, (_, k) => ({
  _id: hex(k + 1),
  id: hex(k + 1),
  name: `Visitor ${k + 1}`,
  email: `visitor${k + 1}@example.test`,
  subject: k === 0 ? null : `Question ${k + 1}`,
  message: `Hello,\nthis is message ${k + 1}.`,
  createdAt: new Date(Date.UTC(2026, 11, 5, 12) - k * 60_000).toISOString(),
}));

function mockInbox(all: ContactMessage[] | Error) {
  return mockFetch(({ url }) => {
    if (url.startsWith('/api/contact')) {
      if (all instanceof Error) return all;
      return { status: 200, body: { success: true, ...pageFrom(all, url) } };
    }
    return { status: 200, body: { success: true, allNotifications: [] } };
  });
}

describe('/admin/messages', () => {
  it('lists the contact messages newest first, each in full, and loads more on request', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockInbox(MESSAGES);
    renderApp('/admin/messages');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact messages' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Contact messages, newest first' });
    expect(screen.getByText('25 messages')).toBeInTheDocument();
    const items = within(list).getAllByRole('article');
    expect(items).toHaveLength(20);

    const newest = within(list).getByRole('article', { name: 'No subject' });
    expect(newest).toBe(items[0]);
    expect(within(newest).getByText(/Visitor 1\b/)).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: 'visitor1@example.test' })).toHaveAttribute(
      'href',
      'mailto:visitor1@example.test',
    );
    expect(newest.querySelector('time')).toHaveAttribute('datetime', MESSAGES[0]!.createdAt);
    // The text keeps its line breaks.
    const text = within(newest).getByText(/this is message 1\./);
    expect(text.textContent).toBe('Hello,\nthis is message 1.');
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(items[1]!).getByRole('heading', { level: 2, name: 'Question 2' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(25));
    expect(within(list).getAllByRole('article').at(-1)).toHaveAccessibleName('Question 25');
    expect(await screen.findByText('No more messages')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/contact')).map((c) => c.url)).toEqual([
      '/api/contact?page=1&limit=20',
      '/api/contact?page=2&limit=20',
    ]);
  });

  it('says when there are none', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockInbox([]);
    renderApp('/admin/messages');
    expect(await screen.findByText('No contact messages yet.')).toBeInTheDocument();
    expect(screen.getByText('0 messages')).toBeInTheDocument();
  });

  it('shows the fallback when the list cannot load', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockInbox(new Error('offline'));
    renderApp('/admin/messages');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load contact messages');
  });

  it('is in the admin navigation', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockInbox([]);
    renderApp('/admin/messages');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/admin/messages',
    );
  });
});
