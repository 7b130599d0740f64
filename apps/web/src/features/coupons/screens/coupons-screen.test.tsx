import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type FetchCall } from '../../../test/fetch-mock';
import { pagingOf, stubIntersectionObserver } from '../../../test/paging';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Coupon } from '../coupons-api';

const ADMIN_ID = 'aaaaaaaaaaaaaaaaaaaaaaa9';
const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  _id: 'cccccccccccccccccccccc01',
  code: 'WELCOME20',
  kind: 'percent',
  value: 20,
  validFrom: null,
  validTo: null,
  maxRedemptions: 100,
  redemptions: 3,
  percentOff: 20,
  currency: 'usd',
  amountOff: null,
  active: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const page = (data: Coupon[]) => ({ data, page: 1, pages: 1, total: data.length });
const rowCodes = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('/coupons', () => {
  it('lists coupons, puts a created one at the top and toasts', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const created = coupon({
      _id: 'cccccccccccccccccccccc02',
      code: 'SPRING5',
      kind: 'amount',
      value: 500,
      maxRedemptions: null,
      redemptions: 0,
    });
    const calls = mockFetch((call) => {
      if (call.url === '/api/coupons?page=1')
        return { status: 200, body: page([coupon({ validTo: '2027-01-01T00:00:00.000Z' })]) };
      if (call.method === 'POST' && call.url === '/api/coupons')
        return { status: 201, body: { success: true, message: 'Coupon created', data: created } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/coupons');
    expect(await screen.findByRole('rowheader', { name: 'WELCOME20' })).toBeInTheDocument();
    expect(screen.getByText('3 / 100')).toBeInTheDocument();
    expect(screen.getByText('1 Jan 2027')).toBeInTheDocument(); // the house date, not 2027-01-01

    await userEvent.click(screen.getByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'SPRING5');
    await userEvent.click(within(dialog).getByText('Amount off'));
    const amount = within(dialog).getByRole('textbox', { name: /Amount off \(USD\)/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(rowCodes()).toEqual(['SPRING5', 'WELCOME20']));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      code: 'SPRING5',
      kind: 'amount',
      value: 500,
      validFrom: null,
      validTo: null,
      maxRedemptions: null,
      active: true,
    });
    expect(await screen.findByText('Coupon created')).toBeInTheDocument();
  });

  it('loads more coupons on scroll or "Load more", without repeating one a new coupon pushed down', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const io = stubIntersectionObserver();
    let all = Array.from({ length: 45 }, (_, i) =>
      coupon({
        _id: `cccccccccccccccccccc${String(i + 1).padStart(4, '0')}`,
        code: `CODE${i + 1}`,
      }),
    );
    const created = coupon({ _id: 'dddddddddddddddddddddd01', code: 'FRESH' });
    const calls = mockFetch((call) => {
      if (call.method === 'POST') {
        all = [created, ...all];
        return { status: 201, body: { success: true, message: 'Coupon created', data: created } };
      }
      const { page: n } = pagingOf(call.url);
      const body = {
        data: all.slice((n - 1) * 20, n * 20),
        page: n,
        pages: Math.ceil(all.length / 20),
        total: all.length,
      };
      return { status: 200, body };
    });
    renderApp('/coupons');
    await waitFor(() => expect(rowCodes()).toHaveLength(20));

    // A coupon created now moves CODE20 onto page 2: it must not show twice.
    await userEvent.click(screen.getByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'FRESH');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(rowCodes()).toHaveLength(21));

    await io.scrollToEnd();
    await waitFor(() => expect(rowCodes()).toHaveLength(40));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowCodes()).toHaveLength(46));
    expect(rowCodes()).toEqual(all.map((c) => c.code));
    expect(screen.getByText('No more coupons')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/coupons?')).map((c) => c.url)).toEqual(
      [1, 2, 3].map((n) => `/api/coupons?page=${n}`),
    );
  });

  it('offers the rest again after page 2 was loaded and the list is opened anew', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    stubIntersectionObserver();
    const all = Array.from({ length: 34 }, (_, i) =>
      coupon({
        _id: `cccccccccccccccccccc${String(i + 1).padStart(4, '0')}`,
        code: `CODE${i + 1}`,
      }),
    );
    mockFetch((call) => {
      if (!call.url.startsWith('/api/coupons?')) return { status: 404, body: { message: 'x' } };
      const { page: n } = pagingOf(call.url);
      const body = { data: all.slice((n - 1) * 20, n * 20), page: n, pages: 2, total: 34 };
      return { status: 200, body };
    });
    const { router } = renderApp('/coupons');
    await waitFor(() => expect(rowCodes()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowCodes()).toHaveLength(34));
    expect(screen.getByText('No more coupons')).toBeInTheDocument();

    // Away and back: page 1 replaces the rows, so coupons 21-34 must be reachable again.
    await act(() => router.navigate('/dashboard'));
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    await act(() => router.navigate('/coupons'));
    await waitFor(() => expect(rowCodes()).toHaveLength(20));
    expect(screen.queryByText('No more coupons')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowCodes()).toEqual(all.map((c) => c.code)));
  });

  it('on a phone, shows each coupon as a card with its Edit button (no sideways table)', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const matchMedia = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    }));
    mockFetch((call) =>
      call.url === '/api/coupons?page=1'
        ? { status: 200, body: page([coupon()]) }
        : { status: 404, body: { message: 'Not found' } },
    );
    renderApp('/coupons');
    const list = await screen.findByRole('list', { name: 'Coupons, newest first' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'WELCOME20' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Always valid · Redemptions 3 / 100');
    expect(card).not.toHaveTextContent('—');
    await userEvent.click(within(card).getByRole('button', { name: 'Edit coupon WELCOME20' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('replaces an edited coupon in place', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const second = coupon({ _id: 'cccccccccccccccccccccc03', code: 'LOYAL10', value: 10 });
    const calls = mockFetch((call) => {
      if (call.url === '/api/coupons?page=1')
        return { status: 200, body: page([coupon(), second]) };
      if (call.method === 'PUT' && call.url === `/api/coupons/${coupon()._id}`)
        return {
          status: 200,
          body: {
            success: true,
            message: 'Coupon updated',
            data: coupon({ value: 25, active: false }),
          },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/coupons');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit coupon WELCOME20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon WELCOME20' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Only what was changed is sent: the fields left alone are not written back as the form
    // read them (another admin's change meanwhile, a validity time the form shows as a day).
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      active: false,
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(rowCodes()).toEqual(['WELCOME20', 'LOYAL10']);
    const row = screen.getByRole('rowheader', { name: 'WELCOME20' }).closest('tr')!;
    expect(within(row).getByText('25% off')).toBeInTheDocument();
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    // The focus is back on the row's Edit button, not at the top of the page.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit coupon WELCOME20' })).toHaveFocus(),
    );

    // Escape closes the next one the same way.
    await userEvent.click(screen.getByRole('button', { name: 'Edit coupon LOYAL10' }));
    await screen.findByRole('dialog', { name: 'Edit coupon LOYAL10' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit coupon LOYAL10' })).toHaveFocus(),
    );
  });

  const openNewCouponForm = async (
    reply: (call: FetchCall) => { status: number; body?: unknown },
  ) => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch((call) => {
      if (call.url === '/api/coupons?page=1') return { status: 200, body: page([]) };
      if (call.method === 'POST' || call.method === 'PUT') return reply(call);
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/coupons');
    await userEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    const code = within(dialog).getByRole('textbox', { name: /Code/ });
    const create = () =>
      userEvent.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    return { calls, dialog, code, create };
  };

  it('says a taken code once, on the Code field (no banner, no toast)', async () => {
    const { dialog, code, create } = await openNewCouponForm(() => ({
      status: 409,
      body: { message: 'A coupon with this code already exists' },
    }));
    await userEvent.type(code, 'WELCOME20');
    await create();
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('A coupon with this code already exists'),
    );
    expect(screen.getAllByText('A coupon with this code already exists')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('marks the Code field, checks its characters with the contract rule, and clears a stale message', async () => {
    const { calls, dialog, code, create } = await openNewCouponForm(() => ({ status: 500 }));
    await create();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Code must be 3 to 40'));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await userEvent.type(code, 'probe 10!');
    // Changing the code takes back what was said about the old one.
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText(/Code must be 3 to 40/)).toBeNull();
    await create();
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('Code may only contain letters, digits, - and _'),
    );
    expect(screen.getAllByText('Code may only contain letters, digits, - and _')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts the server's field errors on their fields, without the 'field:' prefix, once", async () => {
    const { dialog, code, create } = await openNewCouponForm(() => ({
      status: 400,
      body: {
        message: 'maxRedemptions: maxRedemptions must be at most 10000000',
        code: 'VALIDATION',
        errors: [{ path: 'maxRedemptions', message: 'maxRedemptions must be at most 10000000' }],
      },
    }));
    await userEvent.type(code, 'SPRING5');
    await create();
    const max = within(dialog).getByRole('textbox', { name: /Maximum redemptions/ });
    await waitFor(() => expect(max).toHaveAttribute('aria-invalid', 'true'));
    expect(max).toHaveAccessibleDescription(
      expect.stringContaining('maxRedemptions must be at most 10000000'),
    );
    expect(screen.queryByText(/maxRedemptions:/)).toBeNull();
    expect(screen.getAllByText('maxRedemptions must be at most 10000000')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('shows a failure that belongs to no field once, in the form', async () => {
    const { dialog, code, create } = await openNewCouponForm(() => ({ status: 500 }));
    await userEvent.type(code, 'SPRING5');
    await create();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to add coupon');
    expect(screen.getAllByText('Failed to add coupon')).toHaveLength(1);
  });

  it('says a percent over 100 is out of range instead of saving it as 100', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch((call) => {
      if (call.url === '/api/coupons?page=1') return { status: 200, body: page([]) };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/coupons');
    await userEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'AUDIT30');
    const percent = within(dialog).getByRole('textbox', { name: /Percent off/ });
    await userEvent.clear(percent);
    await userEvent.type(percent, '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(
      await within(dialog).findByText('Percent off is a whole number from 1 to 100'),
    ).toBeInTheDocument();
    expect(percent).toHaveValue('150');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a maximum below 1 instead of saving it as 1, and says when the end date is over', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch((call) => {
      if (call.url === '/api/coupons?page=1') return { status: 200, body: page([]) };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/coupons');
    await userEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'AUDIT30');
    const max = within(dialog).getByRole('textbox', { name: /Maximum redemptions/ });
    await userEvent.type(max, '0');
    const until = within(dialog).getByLabelText('Valid until');
    fireEvent.change(until, { target: { value: '2025-06-01' } });
    expect(within(dialog).getByText('This day is over: the coupon is expired')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(
      await within(dialog).findByText(
        'Enter a whole number of at least 1, or leave it empty for no limit',
      ),
    ).toBeInTheDocument();
    expect(max).toHaveValue('0');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows 'Failed to fetch coupons' when the list fails without a message", async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockFetch(() => ({ status: 500 }));
    renderApp('/coupons');
    expect(await screen.findByText('Failed to fetch coupons')).toBeInTheDocument();
  });

  it('tells a non-admin that coupons are managed by administrators, without calling the API', async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab1', userType: 'user' });
    const calls = mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
    renderApp('/coupons');
    expect(await screen.findByText(/Only administrators manage coupons/)).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/coupons'))).toBe(false);
  });
});
