import type { PublicUser, UserReview } from '@pawsy/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';

const SITTER_ID = 'dddddddddddddddddddddddd';
const sitter: PublicUser = {
  _id: SITTER_ID,
  id: SITTER_ID,
  firstName: 'Jade',
  lastName: 'S.',
  image: null,
  city: 'Austin',
  state: 'TX',
  country: 'US',
  userType: 'provider',
  primary_services: ['Dog walking'],
  service_rates: { 'Dog walking': 2500 },
  currency: 'USD',
  headline: null,
  bio: null,
  rating: { average: 4.5, count: 3 },
  pet_prefrences: [],
  memberSince: '2025-01-01T00:00:00.000Z',
  badges: { KYC_verified: false, is_verified: false },
  KYC_verified: false,
  is_verified: false,
  approximateLocation: null,
};

let seq = 0;
function makeReview(firstName: string, rating: number, comment: string): UserReview {
  seq += 1;
  const authorId = seq.toString(16).padStart(24, 'f');
  return {
    _id: seq.toString(16).padStart(24, 'e'),
    rating,
    comment,
    createdAt: '2026-03-05T10:00:00.000Z',
    author: { _id: authorId, id: authorId, firstName, lastName: 'K.', image: null },
    service: 'dog-walking',
  };
}

const reviewsPage = (data: UserReview[], page: number, hasMore: boolean, total = 3) => ({
  success: true,
  data,
  page,
  limit: 10,
  total,
  totalPages: Math.ceil(total / 10),
  hasMore,
});

type Reply = { status: number; body?: unknown };
function mockSitterPage(reviews: (page: string) => Reply) {
  return mockFetch(({ url }) => {
    if (url === `/api/user/${SITTER_ID}`)
      return { status: 200, body: { success: true, data: sitter } };
    if (url.startsWith(`/api/user/${SITTER_ID}/reviews`)) {
      return reviews(new URL(url, 'http://localhost').searchParams.get('page') ?? '');
    }
    return { status: 200, body: { success: true, allNotifications: [] } };
  });
}

describe('sitter reviews', () => {
  it('lists the visible reviews and loads more while hasMore', async () => {
    storeSession({ userType: 'user' });
    const calls = mockSitterPage((page) =>
      page === '2'
        ? { status: 200, body: reviewsPage([makeReview('Nina', 3, 'Okay overall')], 2, false) }
        : {
            status: 200,
            body: reviewsPage(
              [makeReview('Ann', 5, 'Rex adored her'), makeReview('Bob', 4, 'Punctual')],
              1,
              true,
            ),
          },
    );
    renderApp(`/petSitters/${SITTER_ID}`);
    const list = await screen.findByRole('list', { name: 'Reviews list' });
    const items = within(list).getAllByRole('article');
    expect(items.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Review by Ann K.',
      'Review by Bob K.',
    ]);
    expect(within(items[0]!).getByText('Rex adored her')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    const date = items[0]!.querySelector('time');
    expect(date).toHaveAttribute('datetime', '2026-03-05T10:00:00.000Z');
    expect(date?.textContent).toMatch(/2026/);
    const firstCall = calls.find((c) => c.url.includes('/reviews'))!;
    expect(firstCall.url).toBe(`/api/user/${SITTER_ID}/reviews?page=1&limit=10`);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('article', { name: 'Review by Nina K.' })).toBeVisible();
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps the loaded reviews when loading more fails, and retries', async () => {
    storeSession();
    let failNext = true;
    mockSitterPage((page) => {
      if (page === '1') {
        return { status: 200, body: reviewsPage([makeReview('Ann', 5, 'Great')], 1, true, 2) };
      }
      if (failNext) {
        failNext = false;
        return { status: 500 };
      }
      return { status: 200, body: reviewsPage([makeReview('Cy', 2, 'Late')], 2, false, 2) };
    });
    renderApp(`/petSitters/${SITTER_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to load reviews')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Review by Ann K.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Review by Cy K.' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load reviews')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows "No reviews yet" when there are none', async () => {
    storeSession();
    mockSitterPage(() => ({ status: 200, body: reviewsPage([], 1, false, 0) }));
    renderApp(`/petSitters/${SITTER_ID}`);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows "Failed to load reviews" when the list cannot be loaded', async () => {
    storeSession();
    mockSitterPage(() => ({ status: 500 }));
    renderApp(`/petSitters/${SITTER_ID}`);
    expect(await screen.findByText('Failed to load reviews')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Jade S.' })).toBeInTheDocument();
  });
});
