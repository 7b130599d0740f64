import {
  NEARBY_CITY_MAX,
  NEARBY_NAME_MAX,
  type NearbyCard,
  type PublicUser,
} from '@pawsy/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { mockFetch, type FetchCall } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';

let seq = 0;
function makeCard(overrides: Partial<NearbyCard> = {}): NearbyCard {
  seq += 1;
  const id = seq.toString(16).padStart(24, 'e');
  return {
    _id: id,
    id,
    firstName: `Sitter${seq}`,
    lastName: 'F.',
    image: null,
    city: 'Austin',
    state: 'TX',
    country: 'US',
    userType: 'provider',
    primary_services: ['boarding'],
    service_rates: { boarding: 4000 },
    currency: 'USD',
    headline: null,
    bio: null,
    rating: { average: null, count: 0 },
    pet_prefrences: [],
    memberSince: '2025-01-01T00:00:00.000Z',
    badges: { KYC_verified: false, is_verified: false },
    KYC_verified: false,
    is_verified: false,
    approximateLocation: null,
    distanceKm: null,
    ...overrides,
  };
}

const answer = (nearbyUsers: NearbyCard[], page = 1, hasMore = false) => ({
  success: true,
  nearbyUsers,
  page,
  limit: 15,
  total: nearbyUsers.length,
  totalPages: hasMore ? 2 : 1,
  hasMore,
  mode: 'all',
});

const query = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

/** /petSitters with `cards` (and a second page when asked), recording the searches sent. */
function renderSearch(path: string, cards: NearbyCard[] = [makeCard()]) {
  storeSession({ userType: 'user' });
  const calls = mockFetch((call) => {
    if (!call.url.startsWith('/api/user/nearby'))
      return { status: 200, body: { success: true, allNotifications: [] } };
    return query(call).page === '2'
      ? { status: 200, body: answer([makeCard({ firstName: 'Later' })], 2) }
      : { status: 200, body: answer(cards, 1, true) };
  });
  const view = renderApp(path);
  const searches = () => calls.filter((c) => c.url.startsWith('/api/user/nearby')).map(query);
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, searches, search };
}

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('sitter search filters', () => {
  it('reads service, dates and pet type from the URL and sends them to the search', async () => {
    const { searches } = renderSearch(
      '/petSitters?service=boarding&startDate=2026-12-01&endDate=2026-12-07&petType=cat',
    );
    await screen.findByRole('region', { name: 'Sitters' });
    expect(searches()[0]).toEqual({
      page: '1',
      limit: '15',
      service: 'boarding',
      startDate: '2026-12-01',
      endDate: '2026-12-07',
      petType: 'cat',
    });
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveValue('Boarding');
    expect(screen.getByRole('combobox', { name: 'Pet type' })).toHaveValue('Cat');
    expect(screen.getByRole('button', { name: 'Dates' })).toHaveTextContent(
      'Tue 1 Dec 2026 – Mon 7 Dec 2026',
    );
  });

  it('drops values the API would refuse: an unknown service, half a date range', async () => {
    const { searches } = renderSearch(
      '/petSitters?service=juggling&startDate=2026-12-01&petType=cow',
    );
    await screen.findByRole('region', { name: 'Sitters' });
    expect(searches()[0]).toEqual({ page: '1', limit: '15' });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('writes each chosen filter to the URL, searches page 1 again, and clears them all', async () => {
    const first = dayjs().add(1, 'month').date(10);
    const last = first.add(6, 'day');
    const { searches, search } = renderSearch('/petSitters');
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Sitters' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Later F.' });
    expect(searches().at(-1)!.page).toBe('2');

    await choose('Service', 'Pet sitting');
    expect(search().get('service')).toBe('pet-sitting');
    await user.click(screen.getByRole('button', { name: 'Dates' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: first.format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: last.format('D MMMM YYYY') }));
    expect(search().get('startDate')).toBe(first.format('YYYY-MM-DD'));
    expect(search().get('endDate')).toBe(last.format('YYYY-MM-DD'));
    await choose('Pet type', 'Rabbit');
    expect(search().get('petType')).toBe('rabbit');

    await screen.findByRole('region', { name: 'Sitters' });
    expect(searches().at(-1)).toEqual({
      page: '1',
      limit: '15',
      service: 'pet-sitting',
      startDate: first.format('YYYY-MM-DD'),
      endDate: last.format('YYYY-MM-DD'),
      petType: 'rabbit',
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search().toString()).toBe('');
    await screen.findByRole('region', { name: 'Sitters' });
    expect(searches().at(-1)).toEqual({ page: '1', limit: '15' });
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Dates' })).not.toHaveTextContent(
      first.format('D MMM'),
    );
  });

  it('refuses a range longer than the API allows, without searching', async () => {
    const first = dayjs().add(1, 'month').date(1);
    const last = first.add(2, 'month').date(10);
    const { searches, search } = renderSearch('/petSitters');
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Sitters' });
    await user.click(screen.getByRole('button', { name: 'Dates' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: first.format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: last.format('D MMMM YYYY') }));
    expect(await screen.findByText('A search range can span at most 60 days')).toBeInTheDocument();
    expect(search().has('startDate')).toBe(false);
    expect(searches()).toHaveLength(1);
  });

  it('keeps name and city in the URL too, so a reload repeats the search', async () => {
    const { search, searches } = renderSearch('/petSitters?name=maya');
    await screen.findByRole('region', { name: 'Sitters' });
    expect(screen.getByLabelText('Sitter name')).toHaveValue('maya');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(search().toString()).toBe('name=maya&city=Austin');
    await screen.findByRole('region', { name: 'Sitters' });
    expect(searches().at(-1)).toMatchObject({ name: 'maya', city: 'Austin' });
  });

  it('takes no longer a name or city than the API searches by (it would refuse them)', async () => {
    const { searches } = renderSearch('/petSitters');
    await screen.findByRole('region', { name: 'Sitters' });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Sitter name'));
    await user.paste('n'.repeat(NEARBY_NAME_MAX + 5));
    await user.click(screen.getByLabelText('City'));
    await user.paste('c'.repeat(NEARBY_CITY_MAX + 5));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('region', { name: 'Sitters' });
    expect(searches().at(-1)).toMatchObject({
      name: 'n'.repeat(NEARBY_NAME_MAX),
      city: 'c'.repeat(NEARBY_CITY_MAX),
    });
  });

  it('cuts a name or city typed too long into the address bar to what the API takes (it refuses more)', async () => {
    const long = `/petSitters?name=${'n'.repeat(500)}&city=${'c'.repeat(500)}`;
    const { searches } = renderSearch(long);
    await screen.findByRole('region', { name: 'Sitters' });
    expect(searches()[0]).toMatchObject({
      name: 'n'.repeat(NEARBY_NAME_MAX),
      city: 'c'.repeat(NEARBY_CITY_MAX),
    });
  });
});

describe('next free dates', () => {
  it('shows them on cards, or that none are free, or nothing when not sent', async () => {
    renderSearch('/petSitters', [
      makeCard({ firstName: 'Ana', nextFreeDates: ['2026-11-26', '2026-11-27'] }),
      makeCard({ firstName: 'Ben', nextFreeDates: [] }),
      makeCard({ firstName: 'Cy' }),
    ]);
    const ana = await screen.findByRole('article', { name: 'Ana F.' });
    expect(within(ana).getByText('Free: Thu 26 Nov, Fri 27 Nov')).toBeInTheDocument();
    const ben = screen.getByRole('article', { name: 'Ben F.' });
    expect(within(ben).getByText('No free dates in the next 60 days')).toBeInTheDocument();
    const cy = screen.getByRole('article', { name: 'Cy F.' });
    expect(within(cy).queryByTestId('next-free-dates')).not.toBeInTheDocument();
  });

  it('shows them on the sitter page, with the weekly hours for walks and visits', async () => {
    storeSession({ userType: 'user' });
    const sitter: PublicUser = { ...makeCard({ firstName: 'Dee', nextFreeDates: ['2026-12-03'] }) };
    const schedule = [
      { day: 1, start: '08:00', end: '12:00' },
      { day: 1, start: '16:00', end: '18:00' },
      { day: 5, start: '22:00', end: '02:00' },
    ];
    mockFetch(({ url }) => {
      if (url === `/api/user/${sitter._id}`)
        return { status: 200, body: { success: true, data: sitter } };
      if (url === `/api/availability/${sitter._id}`) {
        const data = {
          userId: sitter._id,
          timeZone: 'America/New_York',
          schedule,
          nextFreeDates: [],
        };
        return { status: 200, body: { success: true, data } };
      }
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
    renderApp(`/petSitters/${sitter._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Dee F.' });
    const section = screen.getByRole('region', { name: 'Availability' });
    expect(within(section).getByText('Free: Thu 3 Dec')).toBeInTheDocument();
    const hours = await within(section).findByRole('table', { name: 'Hours for walks and visits' });
    const row = (day: string) => within(hours).getByRole('row', { name: new RegExp(`^${day}`) });
    expect(row('Monday')).toHaveTextContent('08:00–12:00, 16:00–18:00');
    expect(row('Tuesday')).toHaveTextContent('Not available');
    expect(row('Friday')).toHaveTextContent('22:00–02:00 (next day)');
    expect(within(section).getByText('Times in America/New York.')).toBeInTheDocument();
  });
});

describe('sitter search: what was typed and what is carried on', () => {
  it('keeps the typed name and city when a service or pet type is chosen, and applies them', async () => {
    const { searches, search } = renderSearch('/petSitters');
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Sitters' });
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin');
    await user.type(screen.getByRole('textbox', { name: 'Sitter name' }), 'Maya');
    await choose('Service', 'Boarding');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Austin');
    expect(screen.getByRole('textbox', { name: 'Sitter name' })).toHaveValue('Maya');
    expect(Object.fromEntries(search())).toEqual({
      name: 'Maya',
      city: 'Austin',
      service: 'boarding',
    });
    await choose('Pet type', 'Cat');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Austin');
    await screen.findByRole('region', { name: 'Sitters' });
    expect(searches().at(-1)).toMatchObject({ name: 'Maya', city: 'Austin', petType: 'cat' });
  });

  it("carries the search's service and dates to the sitter's page and its request link", async () => {
    const card = makeCard({ firstName: 'Maya' });
    const searched = 'service=dog-walking&startDate=2030-12-10&endDate=2030-12-11';
    renderSearch(`/petSitters?${searched}&city=Austin`, [card]);
    const article = await screen.findByRole('article', { name: 'Maya F.' });
    const link = within(article).getByRole('link', { name: 'Maya F.' });
    expect(link).toHaveAttribute('href', `/petSitters/${card._id}?${searched}`);

    const profile: PublicUser = { ...card, bio: null };
    mockFetch(({ url }) => {
      if (url === `/api/user/${card._id}`)
        return { status: 200, body: { success: true, data: profile } };
      if (url === `/api/availability/${card._id}`) {
        const data = { userId: card._id, timeZone: 'UTC', schedule: [], nextFreeDates: [] };
        return { status: 200, body: { success: true, data } };
      }
      return { status: 200, body: { success: true, allNotifications: [] } };
    });
    renderApp(`/petSitters/${card._id}?${searched}`);
    const request = await screen.findByRole('link', { name: 'Request a booking' });
    expect(request).toHaveAttribute('href', `/request-form?providerId=${card._id}&${searched}`);
  });

  it('leads "All sitters" back to the search the sitter was opened from', async () => {
    const card = makeCard({ firstName: 'Maya' });
    const searched = 'name=Maya&city=Austin&service=boarding';
    const { router } = renderSearch(`/petSitters?${searched}`, [card]);
    const article = await screen.findByRole('article', { name: 'Maya F.' });
    await userEvent.click(within(article).getByRole('link', { name: 'Maya F.' }));
    expect(router.state.location.pathname).toBe(`/petSitters/${card._id}`);
    const back = await screen.findByRole('link', { name: 'All sitters' });
    expect(back).toHaveAttribute('href', `/petSitters?${searched}`);
  });

  it('leads "All sitters" to the service and dates the address carries, when opened directly', async () => {
    const searched = 'service=dog-walking&startDate=2030-12-10&endDate=2030-12-11';
    renderSearch(`/petSitters/${'e'.repeat(24)}?${searched}`);
    const back = await screen.findByRole('link', { name: 'All sitters' });
    expect(back).toHaveAttribute('href', `/petSitters?${searched}`);
  });
});
