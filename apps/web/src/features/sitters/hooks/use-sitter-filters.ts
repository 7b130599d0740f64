import {
  NEARBY_CITY_MAX,
  NEARBY_NAME_MAX,
  normalizeService,
  PET_SPECIES,
  SERVICES,
} from '@pawsy/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_FILTERS, type SitterFilters } from '../sitters-api';
import { paths, toPath } from '../../../config/paths';

const KEYS = Object.keys(EMPTY_FILTERS) as (keyof SitterFilters)[];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters a URL carries; values the API would refuse are dropped (unknown service, half a
 * range) or cut to the API's bound (a name or city typed too long into the address bar).
 */
export function filtersFromParams(params: URLSearchParams): SitterFilters {
  const read = (key: keyof SitterFilters) => params.get(key)?.trim() ?? '';
  const service = normalizeService(read('service'));
  const petType = read('petType').toLowerCase();
  const [startDate, endDate] = [read('startDate'), read('endDate')];
  const hasRange = DATE.test(startDate) && DATE.test(endDate) && startDate <= endDate;
  return {
    name: read('name').slice(0, NEARBY_NAME_MAX),
    city: read('city').slice(0, NEARBY_CITY_MAX),
    service: SERVICES.some((s) => s.value === service) ? service : '',
    startDate: hasRange ? startDate : '',
    endDate: hasRange ? endDate : '',
    petType: (PET_SPECIES as readonly string[]).includes(petType) ? petType : '',
  };
}

export const hasFilters = (filters: SitterFilters) => KEYS.some((key) => filters[key] !== '');

/** Every filter set, as the search's query string (empty without any). */
export function searchQuery(filters: SitterFilters): string {
  const out = new URLSearchParams();
  for (const key of KEYS) if (filters[key]) out.set(key, filters[key]);
  return out.toString();
}

/** What a sitter's page is handed in router state: the query of the search it was opened from. */
export type SitterPageState = { search?: string };

/** A sitter's page, carrying the search's service and dates (bookingQuery) when it has any. */
export const sitterPagePath = (id: string, query: string) =>
  `${toPath(paths.petSitter, { id })}${query ? `?${query}` : ''}`;

/**
 * The sitter search's filters live in the address (?service=&startDate=&endDate=&petType=…), so
 * a search can be shared and reloaded; each change is a new history entry.
 */
export function useSitterFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const update = useCallback(
    (change: Partial<SitterFilters>) =>
      setParams((current) => {
        return new URLSearchParams(searchQuery({ ...filtersFromParams(current), ...change }));
      }),
    [setParams],
  );
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  return { filters, update, clear };
}

/**
 * What a search says about the booking to request (service and dates), as a query string for
 * the sitter's page and "Request a booking"; empty when the search has none.
 */
export function bookingQuery(filters: SitterFilters): string {
  const out = new URLSearchParams();
  if (filters.service) out.set('service', filters.service);
  if (filters.startDate && filters.endDate) {
    out.set('startDate', filters.startDate);
    out.set('endDate', filters.endDate);
  }
  return out.toString();
}
