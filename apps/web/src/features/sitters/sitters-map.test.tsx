import type { NearbyCard } from '@pawsy/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import SittersMap from './components/sitters-map';

function sitter(id: string, firstName: string, latitude: number): NearbyCard {
  return {
    _id: id,
    id,
    firstName,
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
    rating: { average: 0, count: 0 },
    pet_prefrences: [],
    memberSince: '2025-01-01T00:00:00.000Z',
    badges: { KYC_verified: true, is_verified: true },
    KYC_verified: true,
    is_verified: true,
    approximateLocation: { latitude, longitude: -97.74 },
    distanceKm: null,
  };
}

describe('sitters map', () => {
  it('keeps its markers out of the Tab order and the accessibility tree (the list links them)', () => {
    const { container } = render(
      <MemoryRouter>
        <SittersMap
          sitters={[
            sitter('ccccccccccccccccccccccc1', 'Maya', 30.26),
            sitter('ccccccccccccccccccccccc2', 'Leo', 30.3),
          ]}
          query=""
        />
      </MemoryRouter>,
    );
    const markers = [...container.querySelectorAll('path.leaflet-interactive')];
    expect(markers).toHaveLength(2);
    for (const marker of markers) {
      expect(marker).toHaveAttribute('tabindex', '-1');
      expect(marker).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it("opens a marker's sitter with the search's service and dates", () => {
    function Opened() {
      const location = useLocation();
      return <p>opened {location.pathname + location.search}</p>;
    }
    const { container } = render(
      <MemoryRouter initialEntries={['/petSitters?service=boarding']}>
        <Routes>
          <Route
            path="/petSitters"
            element={
              <SittersMap
                sitters={[sitter('ccccccccccccccccccccccc1', 'Maya', 30.26)]}
                query="service=boarding&startDate=2026-12-10"
              />
            }
          />
          <Route path="/petSitters/:id" element={<Opened />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(container.querySelector('path.leaflet-interactive')!);
    expect(
      screen.getByText(
        'opened /petSitters/ccccccccccccccccccccccc1?service=boarding&startDate=2026-12-10',
      ),
    ).toBeInTheDocument();
  });
});
