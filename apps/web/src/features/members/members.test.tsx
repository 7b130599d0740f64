import { describeValues } from './components/audit-log';
import { GRANT_ERRORS, GRANT_MAX_CENTS } from '../credits';
import { MEMBER_SEARCH_MAX } from '@pawsy/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type FetchCall } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { membersApi, type MemberDetail } from './members-api';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ADMIN_ID = 'aaaaaaaaaaaaaaaaaaaaaaa9';
const MEMBER_ID = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const meta = (total: number) => ({ page: 1, limit: 20, total, totalPages: 1, hasMore: false });
const summary = {
  _id: MEMBER_ID,
  id: MEMBER_ID,
  firstName: 'Priya',
  lastName: 'Patel',
  email: 'priya@pawsy.test',
  userType: 'user' as const,
  is_verified: false,
  KYC_verified: false,
  is_paid: false,
  image: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const detail = (isPaid: boolean, audit: MemberDetail['audit']['data'] = []): MemberDetail => ({
  member: {
    ...summary,
    is_paid: isPaid,
    phone: '+15550100',
    city: 'Austin',
    country: 'US',
    bio: null,
  },
  bookings: [],
  kyc: { status: 'PENDING' },
  credits: { balance: 1500, currency: 'USD' },
  audit: { data: audit, meta: meta(audit.length) },
});
const paidEntry = {
  _id: 'e1',
  actorId: ADMIN_ID,
  actorName: 'Ada Admin',
  action: 'user.flags',
  targetType: 'user',
  targetId: MEMBER_ID,
  subjectUserId: MEMBER_ID,
  before: { is_paid: false },
  after: { is_paid: true },
  createdAt: '2026-11-25T05:00:00.000Z',
};

describe('/admin members list', () => {
  it('lists members, searches by name or email and links to the member page', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch(({ url }) =>
      url.startsWith('/api/admin/members')
        ? { status: 200, body: { data: [summary], meta: meta(1) } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/admin');
    const link = await screen.findByRole('link', { name: 'Priya Patel' });
    expect(link).toHaveAttribute('href', `/dashboard/member/${MEMBER_ID}`);
    expect(within(link.closest('tr')!).getByRole('cell', { name: 'Owner' })).toBeInTheDocument();
    expect(screen.getByText('1 member')).toBeInTheDocument();
    expect(screen.queryByText(/\(s\)/)).toBeNull();
    await userEvent.type(screen.getByLabelText('Search by name or email'), 'pri');
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/api/admin/members?search=pri'))).toBe(true),
    );
  });

  it('keeps its search and filters in the address, so Back from a member returns to them', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch(({ url }) =>
      url === `/api/admin/members/${MEMBER_ID}`
        ? { status: 200, body: { success: true, data: detail(false) } }
        : url.startsWith('/api/admin/members')
          ? { status: 200, body: { data: [summary], meta: meta(1) } }
          : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const { router } = renderApp('/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Search by name or email'), 'pri');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Owners' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=pri&role=user'));
    await user.click(await screen.findByRole('link', { name: 'Priya Patel' }));
    expect(await screen.findByRole('heading', { name: 'Priya Patel' })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByLabelText('Search by name or email')).toHaveValue('pri');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Owners');
    await waitFor(() =>
      expect(calls.at(-1)!.url).toMatch(/^\/api\/admin\/members\?search=pri&role=user&/),
    );
  });

  it('takes no more search than the API does, so no raw "search: …" refusal shows', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch(({ url }) =>
      url.startsWith('/api/admin/members')
        ? { status: 200, body: { data: [summary], meta: meta(1) } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/admin');
    await screen.findByRole('link', { name: 'Priya Patel' });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Search by name or email'));
    await user.paste('p'.repeat(MEMBER_SEARCH_MAX + 20));
    expect(screen.getByLabelText('Search by name or email')).toHaveValue(
      'p'.repeat(MEMBER_SEARCH_MAX),
    );
    await waitFor(() =>
      expect(calls.at(-1)!.url).toContain(`search=${'p'.repeat(MEMBER_SEARCH_MAX)}&`),
    );
  });

  it('shows the fallback when the list cannot load', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockFetch(() => new Error('offline'));
    renderApp('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch members');
  });
});

describe('/dashboard/member/{memberId}', () => {
  it('toggles a flag with only that field, confirms with a toast and shows the audit entry', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    let paid = false;
    const calls = mockFetch((call: FetchCall) => {
      if (call.method === 'PUT' && call.url === `/api/user/${MEMBER_ID}`) {
        paid = true;
        return { status: 200, body: { success: true, message: 'User updated successfully' } };
      }
      if (call.url === `/api/admin/members/${MEMBER_ID}`)
        return {
          status: 200,
          body: { success: true, data: detail(paid, paid ? [paidEntry] : []) },
        };
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Priya Patel' })).toBeInTheDocument();
    expect(screen.getByText('No admin actions yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Paid subscription' }));
    expect(await screen.findByText('Member updated')).toBeInTheDocument();
    // The toast's icon-only close button has a name (axe button-name).
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_paid: true });
    const log = await screen.findByRole('table', { name: /Admin actions/ });
    expect(within(log).getByText('Flags changed')).toBeInTheDocument();
    expect(within(log).getByText('Paid: no')).toBeInTheDocument();
    expect(within(log).getByText('Paid: yes')).toBeInTheDocument();
    expect(within(log).getByText('Ada Admin')).toBeInTheDocument();
  });

  it('asks before switching a badge off, and sends nothing if the admin keeps it', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch((call: FetchCall) => {
      if (call.method === 'PUT')
        return { status: 200, body: { success: true, message: 'User updated successfully' } };
      if (call.url === `/api/admin/members/${MEMBER_ID}`)
        return {
          status: 200,
          body: {
            success: true,
            data: { ...detail(false), member: { ...detail(false).member, KYC_verified: true } },
          },
        };
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    const kycSwitch = await screen.findByRole('switch', { name: 'KYC verified' });
    await userEvent.click(kycSwitch);
    const dialog = await screen.findByRole('dialog', { name: 'Switch off "KYC verified"?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it on' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(kycSwitch).toBeChecked();

    await userEvent.click(kycSwitch);
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch off' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ KYC_verified: false }),
    );
    // The focus is back on the switch, not on <body>, once the change is saved.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(kycSwitch).toHaveFocus());
    expect(kycSwitch).toBeEnabled();
  });

  it('asks before switching "Paid subscription" off, saying a subscription is not cancelled', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch((call: FetchCall) => {
      if (call.method === 'PUT')
        return { status: 200, body: { success: true, message: 'User updated successfully' } };
      if (call.url === `/api/admin/members/${MEMBER_ID}`)
        return { status: 200, body: { success: true, data: detail(true) } };
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    await userEvent.click(await screen.findByRole('switch', { name: 'Paid subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch off "Paid subscription"?' });
    expect(dialog).toHaveTextContent('A subscription they hold is not cancelled');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_paid: false }),
    );
  });

  it("on the admin's own page, the switches are off limits and say why", async () => {
    storeSession({ id: MEMBER_ID, userType: 'admin' });
    const own = detail(false);
    own.member.userType = 'admin';
    mockFetch(({ url }) =>
      url === `/api/admin/members/${MEMBER_ID}`
        ? { status: 200, body: { success: true, data: own } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    const flags = await screen.findByRole('region', { name: 'Flags' });
    expect(flags).toHaveTextContent('Another admin must change your own flags.');
    for (const name of ['Verified member', 'KYC verified', 'Paid subscription'])
      expect(within(flags).getByRole('switch', { name })).toBeDisabled();
  });

  it('names the role as every other screen does: Sitter, not "provider"', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const sitter = detail(false);
    sitter.member.userType = 'provider';
    mockFetch(({ url }) =>
      url === `/api/admin/members/${MEMBER_ID}`
        ? { status: 200, body: { success: true, data: sitter } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Role: Sitter')).toBeInTheDocument();
    expect(within(profile).queryByText(/provider/)).toBeNull();
    // Credits pay for bookings, which sitters do not make: no grant form, and why.
    const credits = screen.getByRole('region', { name: 'Credits' });
    expect(within(credits).queryByRole('form', { name: 'Grant credits' })).toBeNull();
    expect(credits).toHaveTextContent('none can be granted to a sitter');
  });

  it.each([
    ['Paid subscription', 'Failed to update paid status'],
    ['Verified member', 'Failed to update KYC status'],
  ])("says SPEC §8's fallback when '%s' cannot be saved: %s", async (flag, message) => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockFetch(({ method, url }) =>
      method === 'PUT'
        ? { status: 500, body: {} }
        : url === `/api/admin/members/${MEMBER_ID}`
          ? { status: 200, body: { success: true, data: detail(false) } }
          : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    await userEvent.click(await screen.findByRole('switch', { name: flag }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('refuses a negative or missing grant with messages on the fields, then grants in cents', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch(({ method, url }) =>
      method === 'POST' && url === '/api/userCredit/user-credits'
        ? { status: 201, body: { success: true, data: { balance: 2000 } } }
        : url === `/api/admin/members/${MEMBER_ID}`
          ? { status: 200, body: { success: true, data: detail(false) } }
          : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    const form = await screen.findByRole('form', { name: 'Grant credits' });
    const grant = within(form).getByRole('button', { name: 'Grant credits' });
    await userEvent.click(grant);
    expect(within(form).getByText(GRANT_ERRORS.amount)).toBeInTheDocument();
    expect(within(form).getByText(GRANT_ERRORS.reason)).toBeInTheDocument();

    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    await userEvent.type(amount, '-20');
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Goodwill');
    await userEvent.click(grant);
    expect(within(form).getByText(GRANT_ERRORS.amount)).toBeInTheDocument();
    expect(amount).toHaveValue('-20');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    await userEvent.click(grant);
    expect(await screen.findByText('Granted $5.00 in credits')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      userId: MEMBER_ID,
      amount: 500,
      reason: 'Goodwill',
    });
  });

  it('refuses more than $10,000.00 a grant on the field, in dollars, before calling the API', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    const calls = mockFetch(({ method, url }) =>
      method === 'POST' && url === '/api/userCredit/user-credits'
        ? { status: 201, body: { success: true, data: { balance: 1_001_500 } } }
        : url === `/api/admin/members/${MEMBER_ID}`
          ? { status: 200, body: { success: true, data: detail(false) } }
          : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    const form = await screen.findByRole('form', { name: 'Grant credits' });
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    await userEvent.type(amount, '10000.01');
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'Goodwill');
    await userEvent.click(within(form).getByRole('button', { name: 'Grant credits' }));
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('Enter at most $10,000.00 per grant'),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.queryByText(/cents/)).toBeNull();

    await userEvent.clear(amount);
    await userEvent.type(amount, '10000');
    await userEvent.click(within(form).getByRole('button', { name: 'Grant credits' }));
    expect(await screen.findByText('Granted $10,000.00 in credits')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ amount: GRANT_MAX_CENTS });
  });

  it("shows the API's refusal of a grant's field under that field, not as a 'reason: …' toast", async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    mockFetch(({ method, url }) =>
      method === 'POST' && url === '/api/userCredit/user-credits'
        ? {
            status: 400,
            body: {
              message: 'reason: Reason may not hold control characters',
              code: 'VALIDATION',
              errors: [{ path: 'reason', message: 'Reason may not hold control characters' }],
            },
          }
        : url === `/api/admin/members/${MEMBER_ID}`
          ? { status: 200, body: { success: true, data: detail(false) } }
          : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    const form = await screen.findByRole('form', { name: 'Grant credits' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Amount/ }), '5');
    const reason = within(form).getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, 'Goodwill');
    await userEvent.click(within(form).getByRole('button', { name: 'Grant credits' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Reason may not hold control characters'),
    );
    expect(screen.queryByText(/^reason:/)).toBeNull();
  });

  it('offers "Review KYC documents" only when the member submitted some', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    let kycStatus: MemberDetail['kyc']['status'] = 'NOT_VERIFIED';
    mockFetch(({ url }) =>
      url.startsWith(`/api/admin/members/${MEMBER_ID}`)
        ? {
            status: 200,
            body: { success: true, data: { ...detail(false), kyc: { status: kycStatus } } },
          }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const { unmount } = renderApp(`/dashboard/member/${MEMBER_ID}`);
    const section = await screen.findByRole('region', { name: 'Identity (KYC)' });
    expect(await within(section).findByText('No documents submitted yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Review KYC documents' })).toBeNull();
    unmount();

    kycStatus = 'PENDING';
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    const pending = await screen.findByRole('region', { name: 'Identity (KYC)' });
    expect(
      await within(pending).findByRole('link', { name: 'Review KYC documents' }),
    ).toHaveAttribute('href', `/dashboard/kyc/user/${MEMBER_ID}`);
  });

  it('says a passed review whose KYC flag was switched off is withdrawn, not verified', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    let kycVerified = true;
    mockFetch(({ url }) =>
      url.startsWith(`/api/admin/members/${MEMBER_ID}`)
        ? {
            status: 200,
            body: {
              success: true,
              data: {
                ...detail(false),
                member: { ...detail(false).member, KYC_verified: kycVerified },
                kyc: { status: 'Verified' },
              },
            },
          }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const first = renderApp(`/dashboard/member/${MEMBER_ID}`);
    const verified = await screen.findByRole('region', { name: 'Identity (KYC)' });
    expect(within(verified).getByTestId('kyc-status')).toHaveTextContent('Verified');
    first.unmount();

    kycVerified = false;
    renderApp(`/dashboard/member/${MEMBER_ID}`);
    const section = await screen.findByRole('region', { name: 'Identity (KYC)' });
    expect(within(section).getByTestId('kyc-status')).toHaveTextContent('Verification withdrawn');
  });

  it("needs an id: 'User id is required'", async () => {
    await expect(membersApi.setFlags('', { is_paid: true })).rejects.toThrow('User id is required');
  });
});

describe('audit values', () => {
  it("names a dispute's winner as this member or the other party, never by id", () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaaa1';
    expect(describeValues({ status: 'resolved', winnerId: id }, id)).toBe(
      'status: resolved, Winner: this member',
    );
    expect(describeValues({ winnerId: 'bbbbbbbbbbbbbbbbbbbbbbb2' }, id)).toBe(
      'Winner: the other party',
    );
    expect(describeValues({ is_paid: false })).toBe('Paid: no');
    expect(describeValues({ balance: 0 })).toBe('Balance: $0.00');
    expect(describeValues({ amount: 1500, reason: 'Welcome' })).toBe(
      'Amount: $15.00, reason: Welcome',
    );
  });
});
