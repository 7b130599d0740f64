import type { NearbyCard, PublicUser } from '@pawsy/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';

let seq = 0;
function makeSitter(overrides: Partial<NearbyCard> = {}): NearbyCard {
  seq += 1;
  const id = seq.toString(16).padStart(24, 'c');
  return {
    _id: id,
    id,
    firstName: `Sitter${seq}`,
    lastName: 'S.',
    image: null,
    city: 'Austin',
    state: 'TX',
    country: 'US',
    userType: 'provider',
    primary_services: ['Dog walking'],
    service_rates: { 'Dog walking': 2500 },
    currency: 'USD',
    headline: 'Calm walks',
    bio: null,
    rating: { average: 4.5, count: 2 },
    pet_prefrences: [],
    memberSince: '2025-01-01T00:00:00.000Z',
    badges: { KYC_verified: true, is_verified: true },
    KYC_verified: true,
    is_verified: true,
    approximateLocation: null,
    distanceKm: null,
    ...overrides,
  };
}

const page = (nearbyUsers: NearbyCard[], n: number, hasMore: boolean, mode = 'nearby') => ({
  success: true,
  nearbyUsers,
  page: n,
  limit: 15,
  total: 3,
  totalPages: 2,
  hasMore,
  mode,
});

function query(url: string) {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

describe('sitter search', () => {
  it('lists sitters with distance, rates and rating, and loads more while hasMore', async () => {
    storeSession();
    const near = makeSitter({ firstName: 'Maya', distanceKm: 1.4 });
    const far = makeSitter({ firstName: 'Leo', distanceKm: 12.3 });
    const third = makeSitter({ firstName: 'Nora', distanceKm: 830 });
    const calls = mockFetch(({ url }) => {
      if (!url.startsWith('/api/user/nearby'))
        return { status: 200, body: { success: true, allNotifications: [] } };
      return query(url).page === '2'
        ? { status: 200, body: page([third], 2, false) }
        : { status: 200, body: page([near, far], 1, true) };
    });
    renderApp('/petSitters');
    const list = await screen.findByRole('region', { name: 'Sitters' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Maya S.', 'Leo S.']);
    expect(within(cards[0]!).getByText('1.4 km away')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('12 km away')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Dog walking · $25/hour')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('4.5 (2 reviews)')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('ID verified')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Maya S.' })).toHaveAttribute(
      'href',
      `/petSitters/${near._id}`,
    );
    expect(query(calls.find((c) => c.url.startsWith('/api/user/nearby'))!.url)).toEqual({
      page: '1',
      limit: '15',
    });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('article', { name: 'Nora S.' })).toBeInTheDocument();
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(query(calls.filter((c) => c.url.startsWith('/api/user/nearby'))[1]!.url).page).toBe('2');
  });

  it('marks a listed service without an own rate as priced at the suggested rate', async () => {
    storeSession();
    const lister = makeSitter({
      firstName: 'Ines',
      primary_services: ['Dog walking', 'boarding'],
      suggested_rates: { boarding: 4500 },
    });
    mockFetch(({ url }) =>
      url.startsWith('/api/user/nearby')
        ? { status: 200, body: { ...page([lister], 1, false, 'all'), total: 1, totalPages: 1 } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/petSitters');
    const card = await screen.findByRole('article', { name: 'Ines S.' });
    expect(within(card).getByText('Dog walking · $25/hour')).toBeInTheDocument();
    expect(within(card).getByText('Boarding · $45/night suggested')).toBeInTheDocument();
    // One sitter is "1 sitter", not "1 sitters".
    expect(screen.getByText('Showing 1 of 1 sitter')).toBeInTheDocument();
  });

  it('hides distances in "all" mode and sends the name and city filters', async () => {
    storeSession();
    const calls = mockFetch(({ url }) =>
      url.startsWith('/api/user/nearby')
        ? { status: 200, body: page([makeSitter({ firstName: 'Omar' })], 1, false, 'all') }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp('/petSitters');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Omar S.' });
    expect(screen.queryByText(/km away/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Sitter name'), 'oma');
    await user.type(screen.getByLabelText('City'), 'Portland');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('button', { name: 'Clear filters' });
    const last = calls.filter((c) => c.url.startsWith('/api/user/nearby')).at(-1)!;
    expect(query(last.url)).toMatchObject({ page: '1', name: 'oma', city: 'Portland' });
  });

  it('shows "Failed to fetch nearby users." when the search fails without a message', async () => {
    storeSession();
    mockFetch(() => ({ status: 500 }));
    renderApp('/petSitters');
    expect(await screen.findByText('Failed to fetch nearby users.')).toBeInTheDocument();
  });

  it('shows a sitter profile with a "Request a booking" link carrying providerId', async () => {
    storeSession({ userType: 'user' });
    const sitter: PublicUser = { ...makeSitter({ firstName: 'Jade', bio: 'Cats are my thing.' }) };
    mockFetch(({ url }) =>
      url === `/api/user/${sitter._id}`
        ? { status: 200, body: { success: true, data: sitter } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/petSitters/${sitter._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jade S.' })).toBeInTheDocument();
    expect(screen.getByText('Cats are my thing.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a booking' })).toHaveAttribute(
      'href',
      `/request-form?providerId=${sitter._id}`,
    );
  });

  it('offers no request to a sitter who lists no service yet, and says why', async () => {
    storeSession({ userType: 'user' });
    const idle = makeSitter({ firstName: 'Mobi', primary_services: [], service_rates: {} });
    mockFetch(({ url }) =>
      url === `/api/user/${idle._id}`
        ? { status: 200, body: { success: true, data: idle } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    renderApp(`/petSitters/${idle._id}`);
    expect(
      await screen.findByText('Mobi has not listed a service yet, so they cannot be booked.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No services listed yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a booking' })).toBeNull();
  });

  it('says which kinds of pets a sitter takes, or that they take any', async () => {
    storeSession({ userType: 'user' });
    const choosy = makeSitter({ firstName: 'Nia', pet_prefrences: ['Cats', 'Birds'] });
    const open = makeSitter({ firstName: 'Omar' });
    mockFetch(({ url }) => {
      const sitter = [choosy, open].find((s) => url === `/api/user/${s._id}`);
      return sitter
        ? { status: 200, body: { success: true, data: sitter } }
        : { status: 200, body: { success: true, allNotifications: [] } };
    });
    const { unmount } = renderApp(`/petSitters/${choosy._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nia S.' })).toBeInTheDocument();
    expect(screen.getByText('Takes: Cats, Birds')).toBeInTheDocument();
    unmount();
    renderApp(`/petSitters/${open._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Omar S.' })).toBeInTheDocument();
    expect(screen.getByText('Takes any pet')).toBeInTheDocument();
  });

  it('shows "Failed to load user details." when the profile cannot be loaded', async () => {
    storeSession();
    mockFetch(() => ({ status: 500 }));
    renderApp('/petSitters/cccccccccccccccccccccccc');
    expect(await screen.findByText('Failed to load user details.')).toBeInTheDocument();
  });

  for (const [who, reply] of [
    [
      'an owner',
      {
        status: 200,
        body: { success: true, data: makeSitter({ userType: 'user', firstName: 'Olga' }) },
      },
    ],
    ['a malformed id', { status: 400, body: { message: 'id: Invalid id', code: 'VALIDATION' } }],
    ['a missing user', { status: 404, body: { message: 'User not found' } }],
  ] as const) {
    it(`says "This sitter was not found" for ${who}, not a sitter profile`, async () => {
      storeSession({ userType: 'user' });
      mockFetch(({ url }) =>
        url.startsWith('/api/user/')
          ? reply
          : { status: 200, body: { success: true, allNotifications: [] } },
      );
      renderApp('/petSitters/cccccccccccccccccccccccc');
      expect(await screen.findByRole('alert')).toHaveTextContent('This sitter was not found');
      expect(screen.queryByText('Olga S.')).toBeNull();
      expect(screen.queryByText(/No services listed yet|Invalid id/)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Request a booking' })).toBeNull();
      expect(screen.getByRole('link', { name: 'All sitters' })).toHaveAttribute(
        'href',
        '/petSitters',
      );
    });
  }
});
