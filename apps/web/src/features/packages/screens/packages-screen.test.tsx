import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makeSubscription } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Package } from '../packages-api';

const pkg = (over: Partial<Package> = {}): Package => ({
  _id: 'eeeeeeeeeeeeeeeeeeeeee01',
  name: 'Monthly Care',
  description: 'For regular walks',
  priceCents: 1500,
  currency: 'usd',
  interval: 'month',
  creditsIncluded: 150,
  active: true,
  stripePriceId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
const many = (data: Package[]) => ({ status: 200, body: { success: true, data } });

/** An admin's "New package" dialog; a POST answers `post()` (a 201 unless given). */
async function openNewPackage(post?: () => { status: number; body: unknown }) {
  storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaaa9', userType: 'admin' });
  const calls = mockFetch((call) => {
    if (call.method === 'POST')
      return post?.() ?? { status: 201, body: { success: true, data: pkg() } };
    return many([pkg()]);
  });
  renderApp('/packages');
  const section = await screen.findByRole('region', { name: 'Manage packages' });
  await userEvent.click(within(section).getByRole('button', { name: 'New package' }));
  const dialog = await screen.findByRole('dialog', { name: 'New package' });
  return { calls, dialog };
}

describe('/packages', () => {
  it('shows the packages on offer, each with a Subscribe link to /subscribe', async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab1', userType: 'user' });
    const calls = mockFetch((call) =>
      call.url === '/api/packages'
        ? many([
            pkg(),
            pkg({
              _id: 'eeeeeeeeeeeeeeeeeeeeee02',
              name: 'Yearly Care',
              interval: 'year',
              priceCents: 15000,
            }),
          ])
        : { status: 404, body: { message: 'Not found' } },
    );
    const { router } = renderApp('/packages');
    const card = await screen.findByRole('article', { name: 'Monthly Care' });
    expect(within(card).getByText('$15.00 / month')).toBeInTheDocument();
    expect(within(card).getByText(/\$1\.50 in booking credits each month/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Yearly Care' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manage packages' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/packages/all')).toBe(false);
    await userEvent.click(within(card).getByRole('link', { name: 'Subscribe to Monthly Care' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(router.state.location.search).toBe('?packageId=eeeeeeeeeeeeeeeeeeeeee01');
  });

  it('tells a sitter packages are for pet owners and offers no Subscribe, here or on /subscribe', async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab2', userType: 'provider' });
    mockFetch((call) =>
      call.url.startsWith('/api/packages')
        ? many([pkg()])
        : { status: 200, body: { success: true, data: null } },
    );
    const first = renderApp('/packages');
    const card = await screen.findByRole('article', { name: 'Monthly Care' });
    expect(screen.getByTestId('owners-only')).toHaveTextContent('Packages are for pet owners');
    expect(within(card).queryByRole('link', { name: /Subscribe/ })).not.toBeInTheDocument();
    first.unmount();

    renderApp('/subscribe?packageId=eeeeeeeeeeeeeeeeeeeeee01');
    expect(await screen.findByTestId('owners-only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('lets an admin create a package and refreshes the lists', async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaaa9', userType: 'admin' });
    let created: Package | null = null;
    const calls = mockFetch((call) => {
      const list = created ? [pkg(), created] : [pkg()];
      if (call.url === '/api/packages' && call.method === 'GET') return many(list);
      if (call.url === '/api/packages/all')
        return many([
          ...list,
          pkg({ _id: 'eeeeeeeeeeeeeeeeeeeeee09', name: 'Old', active: false }),
        ]);
      if (call.url === '/api/packages' && call.method === 'POST') {
        created = pkg({ _id: 'eeeeeeeeeeeeeeeeeeeeee03', name: 'Weekend', priceCents: 900 });
        return { status: 201, body: { success: true, data: created } };
      }
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/packages');
    const section = await screen.findByRole('region', { name: 'Manage packages' });
    expect(within(section).getByText('Inactive')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'New package' }));
    const dialog = await screen.findByRole('dialog', { name: 'New package' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Weekend');
    const price = within(dialog).getByRole('textbox', { name: /Price/ });
    await userEvent.clear(price);
    await userEvent.type(price, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create package' }));
    expect(await screen.findByRole('article', { name: 'Weekend' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Weekend',
      priceCents: 900,
      interval: 'month',
      creditsIncluded: 2000,
      active: true,
    });
    expect(await screen.findByText('Package created')).toBeInTheDocument();
  });

  it("sends only the fields an admin's edit changed", async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaaa9', userType: 'admin' });
    const calls = mockFetch((call) =>
      call.method === 'PUT'
        ? { status: 200, body: { success: true, data: pkg({ description: 'Walks and visits' }) } }
        : many([pkg()]),
    );
    renderApp('/packages');
    const section = await screen.findByRole('region', { name: 'Manage packages' });
    await userEvent.click(
      within(section).getByRole('button', { name: 'Edit package Monthly Care' }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Monthly Care/ });
    const description = within(dialog).getByRole('textbox', { name: /Description/ });
    await userEvent.clear(description);
    await userEvent.type(description, 'Walks and visits');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    // Not the whole form: an archive by another admin meanwhile (active) is not undone; and the
    // package as the form read it, so that another admin's save meanwhile is a 409, not lost.
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      description: 'Walks and visits',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('refuses a price outside the limits on the field, in dollars, without clamping or sending', async () => {
    const { calls, dialog } = await openNewPackage();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Weekend');
    const price = within(dialog).getByRole('textbox', { name: /Price/ });
    const create = within(dialog).getByRole('button', { name: 'Create package' });
    for (const typed of ['0', '-5']) {
      await userEvent.clear(price);
      await userEvent.type(price, typed);
      await userEvent.click(create);
      expect(price).toHaveValue(typed);
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(price).toHaveAccessibleDescription('Price must be at least $0.50');
      expect(price).toHaveFocus();
    }
    await userEvent.clear(price);
    await userEvent.type(price, '100000.01');
    await userEvent.click(create);
    expect(price).toHaveAccessibleDescription('Price must be at most $100,000.00');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('takes a name of at most 80 characters', async () => {
    const { dialog } = await openNewPackage();
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.click(name);
    await userEvent.paste('n'.repeat(90));
    expect(name).toHaveValue('n'.repeat(80));
  });

  it("shows the API's refusal of a field on that field, the price's on the price", async () => {
    const refusals = [
      ['priceCents', 'priceCents must be at least 50'],
      ['name', 'name must be at most 80 characters'],
    ];
    const { dialog } = await openNewPackage(() => {
      const [path, message] = refusals.shift()!;
      return {
        status: 400,
        body: { message: `${path}: ${message}`, code: 'VALIDATION', errors: [{ path, message }] },
      };
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Weekend');
    const create = within(dialog).getByRole('button', { name: 'Create package' });
    const price = within(dialog).getByRole('textbox', { name: /Price/ });
    await userEvent.click(create);
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription('priceCents must be at least 50'),
    );
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(create);
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('name must be at most 80 characters'),
    );
    expect(price).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/^name: /)).toBeNull();
  });

  it("shows 'Failed to fetch packages' when the list fails without a message", async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab1', userType: 'user' });
    mockFetch(() => ({ status: 500 }));
    renderApp('/packages');
    expect(await screen.findByText('Failed to fetch packages')).toBeInTheDocument();
  });

  it('tells a member with a plan what buying another package does to it, in one story', async () => {
    storeSession({ id: 'aaaaaaaaaaaaaaaaaaaaaab1', userType: 'user' });
    const current = makeSubscription();
    mockFetch((call) => {
      if (call.url === '/api/packages')
        return many([pkg(), pkg({ _id: current.packageId, name: 'Tester Pack' })]);
      if (call.url === '/api/payments/subscription')
        return { status: 200, body: { success: true, data: current, isPaid: true } };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/packages');
    expect(await screen.findByTestId('current-plan')).toHaveTextContent(
      'You have Tester Pack until 4 Jan 2027 (it renews then). Buying another package makes it your plan from today, once paid; Tester Pack stops renewing and runs until 4 Jan 2027.',
    );
    // Its own card says it is the current plan and offers no Subscribe; the others do.
    const mine = screen.getByRole('article', { name: /Tester Pack/ });
    expect(within(mine).getByText('This is your current plan.')).toBeInTheDocument();
    expect(within(mine).queryByRole('link', { name: /Subscribe/ })).toBeNull();
    const other = screen.getByRole('article', { name: /Monthly Care/ });
    expect(within(other).getByRole('link', { name: 'Subscribe to Monthly Care' })).toBeVisible();
    expect(within(other).queryByText('This is your current plan.')).toBeNull();
  });
});
