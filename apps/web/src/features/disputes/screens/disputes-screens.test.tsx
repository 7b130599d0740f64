import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { pageFrom, stubIntersectionObserver } from '../../../test/paging';
import { FIXTURE_OWNER_ID, FIXTURE_SITTER_ID, makeDispute } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Dispute } from '../disputes-api';

const dispute = makeDispute();
/** The disputed booking as GET /api/booking/{id} gives it (only what the form reads matters). */
const booking = (id: string) => ({
  _id: id,
  service: 'Dog walking',
  startDate: new Date(2026, 11, 8, 10, 0).toISOString(),
  endDate: new Date(2026, 11, 8, 11, 0).toISOString(),
});
const listOf = (data: Dispute[]) => ({
  success: true,
  data,
  page: 1,
  limit: 20,
  total: data.length,
  totalPages: 1,
  hasMore: false,
});

describe('/dispute', () => {
  it('opens a dispute from a booking and shows it', async () => {
    storeSession({ id: FIXTURE_OWNER_ID, userType: 'user' });
    const calls = mockFetch((call) => {
      if (call.method === 'POST') return { status: 201, body: { success: true, data: dispute } };
      if (call.url === `/api/booking/${dispute.bookingId}`)
        return { status: 200, body: { booking: booking(dispute.bookingId), reviews: [] } };
      if (call.url.startsWith('/api/dispute/?')) return { status: 200, body: listOf([]) };
      if (call.url === `/api/dispute/${dispute._id}`)
        return { status: 200, body: { success: true, data: dispute } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const { router } = renderApp(`/dispute?bookingId=${dispute.bookingId}`);
    const form = await screen.findByRole('form', { name: 'Open a dispute' });
    // It says which booking it is about, with the way back to it.
    expect(
      await within(form).findByText(
        /^About the dog walking booking of Tue 8 Dec 2026, 10:00–11:00\./,
      ),
    ).toBeInTheDocument();
    expect(within(form).getByRole('link', { name: 'Back to the booking' })).toHaveAttribute(
      'href',
      `/booking-details/${dispute.bookingId}`,
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Submit dispute' }));
    expect(await within(form).findByText('Please give a reason')).toBeInTheDocument();
    // The focus goes to the field the message is about, which names it.
    await waitFor(() => expect(within(form).getByLabelText(/Reason/)).toHaveFocus());
    expect(within(form).getByLabelText(/Reason/)).toHaveAccessibleDescription(
      'Please give a reason',
    );
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Walk cut short');
    // The field's error goes once it is filled in, not only at the next submit.
    expect(within(form).queryByText('Please give a reason')).toBeNull();
    await userEvent.type(within(form).getByLabelText('What happened?'), 'Ten minutes');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit dispute' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dispute/${dispute._id}`));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      bookingId: dispute.bookingId,
      reason: 'Walk cut short',
      description: 'Ten minutes',
    });
    expect(await screen.findByRole('heading', { name: 'Walk cut short' })).toBeInTheDocument();
  });

  it("shows the API's refusal of a second dispute on the booking, which says who can reopen it", async () => {
    storeSession({ id: FIXTURE_OWNER_ID, userType: 'user' });
    const refusal =
      'This booking already has a dispute, and a booking has only one: an admin can reopen it if ' +
      'the problem is not settled';
    mockFetch((call) => {
      if (call.method === 'POST') return { status: 409, body: { message: refusal } };
      if (call.url === `/api/booking/${dispute.bookingId}`)
        return { status: 200, body: { booking: booking(dispute.bookingId), reviews: [] } };
      if (call.url.startsWith('/api/dispute/?')) return { status: 200, body: listOf([]) };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp(`/dispute?bookingId=${dispute.bookingId}`);
    const form = await screen.findByRole('form', { name: 'Open a dispute' });
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Walk cut short');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit dispute' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('lists my disputes, a reopened one shown as "Reopened"', async () => {
    storeSession({ id: FIXTURE_SITTER_ID, userType: 'provider' });
    mockFetch(() => ({
      status: 200,
      body: listOf([
        makeDispute({ reopened: true }),
        makeDispute({ _id: 'dddddddddddddddddddddd02', status: 'closed', reason: 'Keys' }),
      ]),
    }));
    renderApp('/dispute');
    const list = await screen.findByRole('list', { name: 'My disputes' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Reopened')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Closed')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Walk cut short' })).toHaveAttribute(
      'href',
      `/dispute/${dispute._id}`,
    );
  });

  for (const [path, as, back] of [
    ['/dispute/xyz', 'user', { name: 'Back to my disputes', href: '/dispute' }],
    ['/admin/dispute/xyz', 'admin', { name: 'Back to all disputes', href: '/admin/disputes' }],
  ] as const) {
    it(`${path}: a malformed or missing id reads "Dispute not found", with no Retry`, async () => {
      storeSession({ id: FIXTURE_OWNER_ID, userType: as });
      let reply = { status: 400, body: { message: 'id: Invalid id', code: 'VALIDATION' } };
      mockFetch(() => reply);
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Dispute not found$/);
      expect(screen.queryByText(/Invalid id/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.getByRole('link', { name: back.name })).toHaveAttribute('href', back.href);
      unmount();

      // A server error may pass: then Retry is offered, and works.
      reply = { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } };
      renderApp(path);
      expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
      reply = { status: 404, body: { message: 'Dispute not found' } } as typeof reply;
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Dispute not found')).toBeInTheDocument();
    });
  }

  it("shows SPEC §8's fallback when the list cannot be fetched", async () => {
    storeSession({ id: FIXTURE_OWNER_ID, userType: 'user' });
    mockFetch(() => ({ status: 500, body: {} }));
    renderApp('/dispute');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch disputes');
  });
});

describe('/admin/disputes and /admin/dispute/{id}', () => {
  it('filters the admin list by status', async () => {
    storeSession({ id: 'f'.repeat(24), userType: 'admin' });
    const calls = mockFetch(() => ({ status: 200, body: listOf([dispute]) }));
    renderApp('/admin/disputes');
    await screen.findByRole('list', { name: 'All disputes' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Resolved' }));
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe('/api/dispute/?page=1&limit=20&status=resolved'),
    );
  });

  it('opens filtered from the address (the dashboard links "?status=open") and keeps the choice there', async () => {
    storeSession({ id: 'f'.repeat(24), userType: 'admin' });
    const calls = mockFetch(() => ({ status: 200, body: listOf([dispute]) }));
    const { router } = renderApp('/admin/disputes?status=open');
    await screen.findByRole('list', { name: 'All disputes' });
    expect(calls.filter((c) => c.url.startsWith('/api/dispute/')).map((c) => c.url)).toEqual([
      '/api/dispute/?page=1&limit=20&status=open',
    ]);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Open');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/dispute/?page=1&limit=20'));
    expect(router.state.location.search).toBe('');
  });

  it('loads more disputes on scroll or "Load more", until the end', async () => {
    storeSession({ id: 'f'.repeat(24), userType: 'admin' });
    const io = stubIntersectionObserver();
    const all = Array.from({ length: 45 }, (_, i) =>
      makeDispute({ _id: String(i + 1).padStart(24, '0'), reason: `Reason ${i + 1}` }),
    );
    const calls = mockFetch(({ url }) => ({
      status: 200,
      body: { success: true, ...pageFrom(all, url) },
    }));
    renderApp('/admin/disputes');
    const list = await screen.findByRole('list', { name: 'All disputes' });
    const rows = () => within(list).getAllByRole('listitem');
    await waitFor(() => expect(rows()).toHaveLength(20));

    await io.scrollToEnd();
    await waitFor(() => expect(rows()).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(45));
    expect(rows()[44]).toHaveTextContent('Reason 45');
    expect(screen.getByText('No more disputes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/dispute/')).map((c) => c.url)).toEqual(
      [1, 2, 3].map((p) => `/api/dispute/?page=${p}&limit=20`),
    );
  });

  it('resolves with a winner, then reopens: shown in place as "Reopened"', async () => {
    storeSession({ id: 'f'.repeat(24), userType: 'admin' });
    let current = dispute;
    const calls = mockFetch((call: FetchCall) => {
      if (call.method === 'PUT') {
        const body = call.body as { status: Dispute['status']; winnerId?: string };
        current = {
          ...current,
          status: body.status,
          winnerId: body.winnerId ?? null,
          reopened: body.status === 'open',
        };
        return { status: 200, body: { success: true, data: current } };
      }
      if (call.url === `/api/dispute/${dispute._id}`)
        return { status: 200, body: { success: true, data: current } };
      if (call.url.startsWith('/api/messages/booking/'))
        return {
          status: 200,
          body: { success: true, data: [], meta: { page: 1, limit: 100, total: 0 } },
        };
      return { status: 404, body: { message: 'Booking not found' } };
    });
    renderApp(`/admin/dispute/${dispute._id}`);
    await screen.findByRole('heading', { name: 'Walk cut short' });
    expect(await screen.findByText('No messages on this booking.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Winner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Ortega (sitter)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Resolved in favour of Sam Ortega.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      status: 'resolved',
      winnerId: FIXTURE_SITTER_ID,
      // The status this screen showed: the API refuses a move another admin has overtaken.
      expectedStatus: 'open',
    });
    // The Resolve button is gone: the focus is on what the move answered, not on <body>.
    expect(screen.getByRole('status')).toHaveTextContent('Dispute resolved');
    expect(screen.getByRole('status')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    const details = screen.getByRole('region', { name: 'Walk cut short' });
    expect(await within(details).findByText('Reopened')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === `/api/dispute/${dispute._id}`)).toHaveLength(1);
  });

  it('grants credits to the owner from the dispute, the reason naming it, with both member pages linked', async () => {
    storeSession({ id: 'f'.repeat(24), userType: 'admin' });
    const calls = serveDispute(
      makeDispute({ status: 'resolved', winnerId: FIXTURE_SITTER_ID }),
      (call) =>
        call.method === 'POST' && call.url === '/api/userCredit/user-credits'
          ? {
              status: 201,
              body: { success: true, data: { balance: 1250, currency: 'USD', entry: {} } },
            }
          : undefined,
    );
    renderApp(`/admin/dispute/${dispute._id}`);
    const panel = await screen.findByRole('region', { name: 'Give credits' });
    expect(within(panel).getByRole('link', { name: 'Olivia Owens' })).toHaveAttribute(
      'href',
      `/dashboard/member/${FIXTURE_OWNER_ID}`,
    );
    expect(within(panel).getByRole('link', { name: 'Sam Ortega' })).toHaveAttribute(
      'href',
      `/dashboard/member/${FIXTURE_SITTER_ID}`,
    );
    // Though the sitter won, credits go to the owner only (sitters do not book), and it says so.
    expect(within(panel).queryByRole('combobox', { name: 'Grant to' })).toBeNull();
    expect(panel).toHaveTextContent('sitters cannot be given credits');
    expect(within(panel).getByRole('textbox', { name: /Reason/ })).toHaveValue(
      'Dispute: Walk cut short',
    );
    await userEvent.type(within(panel).getByRole('textbox', { name: /Amount/ }), '12.5');
    await userEvent.click(within(panel).getByRole('button', { name: 'Grant credits' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Credits granted to Olivia Owens (owner).',
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      userId: FIXTURE_OWNER_ID,
      amount: 1250,
      reason: 'Dispute: Walk cut short',
    });
  });

  /** The dispute, its booking's empty chat, and `extra`'s answers to anything else it knows. */
  const serveDispute = (
    current: Dispute,
    extra: (call: FetchCall) => { status: number; body: unknown } | undefined = () => undefined,
  ) =>
    mockFetch((call: FetchCall) => {
      const answer = extra(call);
      if (answer) return answer;
      if (call.url === `/api/dispute/${current._id}`)
        return { status: 200, body: { success: true, data: current } };
      if (call.url.startsWith('/api/messages/booking/'))
        return {
          status: 200,
          body: { success: true, data: [], meta: { page: 1, limit: 100, total: 0 } },
        };
      return { status: 404, body: { message: 'Booking not found' } };
    });
  const decide = () => screen.getByRole('region', { name: 'Decide' });
  const buttonNames = () =>
    within(decide())
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') || b.textContent);

  it('offers only the moves away from the current status, every control named', async () => {
    storeSession({ id: 'f'.repeat(24), userType: 'admin' });
    serveDispute(makeDispute({ status: 'resolved', winnerId: FIXTURE_SITTER_ID }));
    const { unmount } = renderApp(`/admin/dispute/${dispute._id}`);
    await screen.findByRole('heading', { name: 'Walk cut short' });
    expect(buttonNames()).toEqual(['Close', 'Reopen']);
    expect(within(decide()).queryByRole('combobox', { name: 'Winner' })).toBeNull();
    unmount();

    serveDispute(makeDispute({ status: 'open', winnerId: FIXTURE_SITTER_ID }));
    renderApp(`/admin/dispute/${dispute._id}`);
    await screen.findByRole('heading', { name: 'Walk cut short' });
    expect(buttonNames()).toEqual(['Clear the winner', 'Resolve', 'Close']);
    // Every button, including any hidden from the accessibility tree, has a name.
    for (const button of document.querySelectorAll('button'))
      expect(button, button.outerHTML.slice(0, 200)).toHaveAccessibleName(/\S/);
  });
});
