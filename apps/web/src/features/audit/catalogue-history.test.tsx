import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import type { CatalogueChange } from './audit-api';
import { describeChange } from './components/catalogue-history';

const ADMIN_ID = 'aaaaaaaaaaaaaaaaaaaaaaa9';
const COUPON_ID = 'cccccccccccccccccccccc01';
const coupon = (value: number, updatedAt: string) => ({
  _id: COUPON_ID,
  code: 'WELCOME20',
  kind: 'percent',
  value,
  validFrom: null,
  validTo: null,
  maxRedemptions: 100,
  redemptions: 3,
  percentOff: value,
  currency: 'usd',
  amountOff: null,
  active: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt,
});
const entry = (over: Partial<CatalogueChange>): CatalogueChange => ({
  _id: 'a1',
  actorId: ADMIN_ID,
  actorName: 'Ada Admin',
  action: 'coupon.create',
  targetType: 'coupon',
  targetId: COUPON_ID,
  subjectUserId: null,
  before: null,
  after: coupon(20, '2026-11-20T10:00:00.000Z'),
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('/coupons: the change history', () => {
  it('shows who changed which coupon and how, and reads it again after a save', async () => {
    storeSession({ id: ADMIN_ID, userType: 'admin' });
    let current = coupon(20, '2026-11-20T10:00:00.000Z');
    let history = [entry({})];
    const calls = mockFetch((call) => {
      if (call.url === '/api/coupons?page=1')
        return { status: 200, body: { data: [current], page: 1, pages: 1, total: 1 } };
      if (call.method === 'PUT' && call.url === `/api/coupons/${COUPON_ID}`) {
        const before = current;
        current = coupon(25, '2026-12-07T10:00:00.000Z');
        history = [
          entry({ _id: 'a2', action: 'coupon.update', before, after: current }),
          ...history,
        ];
        return { status: 200, body: { success: true, data: current } };
      }
      if (call.url.startsWith('/api/admin/audit?targetType=coupon'))
        return {
          status: 200,
          body: {
            success: true,
            data: history,
            meta: { page: 1, limit: 10, total: history.length, totalPages: 1, hasMore: false },
          },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/coupons');
    const section = await screen.findByRole('region', { name: 'Change history' });
    const table = await within(section).findByRole('table', { name: /Changes to coupons/ });
    expect(within(table).getByText('Coupon created: WELCOME20')).toBeInTheDocument();
    expect(within(table).getByText('Ada Admin')).toBeInTheDocument();
    expect(
      within(table).getByText(/^code: WELCOME20, kind: percent off, value: 20%, /),
    ).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Edit coupon WELCOME20' }));
    const dialog = await screen.findByRole('dialog');
    const value = within(dialog).getByRole('textbox', { name: /Percent off/ });
    await userEvent.clear(value);
    await userEvent.type(value, '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(section).findByText('Coupon changed: WELCOME20')).toBeInTheDocument();
    expect(within(section).getByText('value: 20% → 25%')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.startsWith('/api/admin/audit')).length).toBe(2),
    );
  });
});

describe('a change in words', () => {
  it('shows money in dollars (a coupon value by its kind), days as days, no maximum as unlimited', () => {
    const before = { ...coupon(10, '2026-11-20T10:00:00.000Z'), maxRedemptions: null };
    const after = {
      ...before,
      kind: 'amount',
      value: 750,
      validFrom: '2026-12-07T00:00:00.000Z',
      maxRedemptions: 50,
    };
    expect(describeChange(entry({ action: 'coupon.update', before, after }))).toBe(
      'kind: percent off → amount off, value: 10% → $7.50, valid from: — → 7 Dec 2026, maximum uses: unlimited → 50',
    );
    const plan = { name: 'Starter', priceCents: 550, currency: 'USD', creditsIncluded: 50000 };
    expect(
      describeChange(
        entry({
          action: 'package.update',
          targetType: 'package',
          before: plan,
          after: { ...plan, priceCents: 600 },
        }),
      ),
    ).toBe('price: $5.50 → $6.00');
    expect(
      describeChange(entry({ action: 'package.create', targetType: 'package', after: plan })),
    ).toBe('name: Starter, price: $5.50, currency: USD, credits: $500.00');
  });
});
