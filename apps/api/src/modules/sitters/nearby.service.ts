import { searchRange, toPageMeta } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import type { NearbyCard, NearbyQuery, NearbyResponse } from '@pawsy/contract';
import { parseStringList } from '../../lib/user-columns.ts';
import { cachedNextFreeDates, findBusyOffering, findBusySitters } from '../availability/index.ts';
import { boundingBoxes, halfChordKm, halfChordWithin, roundTo, type LatLng } from './geo.ts';
import {
  countProviders,
  findLocatedInBoxes,
  findNearestLocated,
  type LocatedRow,
  findTopRatedIds,
  findUnlocatedIds,
  providerFilterSql,
  type ProviderFilters,
} from './nearby.repository.ts';
import { cachedSearchJson } from './nearby-cache.ts';
import { toPublicUser } from './public-user.ts';
import { findCardRows, findSearcher } from './sitters.repository.ts';

/**
 * Search radii (km) tried in turn, each an index lookup; past the last one the database ranks
 * the located providers itself and hands over only the `needed` nearest. Steps of about ×2 keep
 * the box that first holds enough candidates (and that repeat searches start from, see
 * radiusHints) at most about four times the area needed.
 */
const RADII_KM = [5, 10, 25, 50, 100, 200, 350, 500, 1000, 2000];

type Ranked = { id: string; distanceKm: number };

const NO_ONE = new Set<string>();

/**
 * Per database, the radius (index into RADII_KM; its length stands for the database fallback)
 * that last held enough candidates for an origin, filters and page depth, for a minute: a repeat
 * search starts there instead of trying every smaller box again. Any radius that holds `needed`
 * free candidates gives the exact answer, so a hint can cost extra rows, never a wrong page; one
 * that no longer holds enough simply moves on to the next radius.
 */
const HINT_TTL_MS = 60_000;
const HINTS_MAX = 2_000;
const radiusHints = new WeakMap<object, Map<string, { index: number; until: number }>>();

function hintsOf(app: FastifyInstance) {
  let hints = radiusHints.get(app.db);
  if (!hints) radiusHints.set(app.db, (hints = new Map()));
  return hints;
}

/**
 * The `needed` nearest located providers not in `busy` (or all of them when fewer), exactly
 * ordered by distance then id. A box of radius r holds every point within r, so once at least
 * `needed` free candidates lie within r, nothing outside the box can rank among them. The
 * database fallback reads `needed + busy.size` rows: at most busy.size of them are dropped.
 */
export async function rankNearest(
  app: FastifyInstance,
  origin: LatLng,
  filters: ProviderFilters,
  needed: number,
  busy: ReadonlySet<string> = NO_ONE,
): Promise<Ranked[]> {
  // Ranked by the database's half-chord, then id: the order of findNearestLocated, so a page
  // served from a box and one from the fallback never disagree about near-equal distances.
  // Within a radius means a half-chord within its bound: the box holds all of those (with room
  // to spare far beyond the last bits), so no row outside it can rank among them.
  const rank = (rows: LocatedRow[], maxH: number) =>
    rows
      .filter((r) => r.h <= maxH && !busy.has(r.id))
      .sort((a, b) => a.h - b.h || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((r) => ({ id: r.id, distanceKm: halfChordKm(r.h) }));
  const hints = hintsOf(app);
  const key = `${origin.latitude},${origin.longitude}|${needed}|${busy.size}|${JSON.stringify(filters)}`;
  const now = Date.now();
  const hint = hints.get(key);
  const remember = (index: number) => {
    hints.delete(key);
    if (hints.size >= HINTS_MAX) hints.delete(hints.keys().next().value as string);
    hints.set(key, { index, until: now + HINT_TTL_MS });
  };
  for (let i = hint && hint.until > now ? hint.index : 0; i < RADII_KM.length; i++) {
    const radius = RADII_KM[i]!;
    const within = rank(
      await findLocatedInBoxes(app.db, origin, boundingBoxes(origin, radius), filters),
      halfChordWithin(radius),
    );
    if (within.length >= needed) {
      remember(i);
      return within;
    }
  }
  remember(RADII_KM.length);
  const rows = await findNearestLocated(app.db, origin, filters, needed + busy.size);
  return rank(rows, Infinity).slice(0, needed);
}

/**
 * Rows [skip, skip + take) of an ordered id list once the `busy` ids are left out. `fetch(offset,
 * limit)` reads the list in order; the first `skip + take + busy.size` rows always hold enough
 * free ones, so reads stop there at the latest (in growing chunks, usually far sooner).
 */
export async function freeSlice(
  fetch: (offset: number, limit: number) => Promise<string[]>,
  busy: ReadonlySet<string>,
  skip: number,
  take: number,
): Promise<string[]> {
  if (take <= 0) return [];
  if (busy.size === 0) return fetch(skip, take);
  const want = skip + take;
  const bound = want + busy.size;
  const free: string[] = [];
  let read = 0;
  let chunk = want + Math.min(busy.size, Math.max(want, 16));
  while (free.length < want && read < bound) {
    const limit = Math.min(chunk, bound - read);
    const rows = await fetch(read, limit);
    for (const id of rows) if (!busy.has(id)) free.push(id);
    if (rows.length < limit) break;
    read += limit;
    chunk *= 2;
  }
  return free.slice(skip, want);
}

/**
 * The search of GET /user/nearby as its JSON body, answered from nearby-cache.ts (the answer and
 * its serialisation by `serialize`) while nothing it reads changed.
 */
export function nearbyProvidersJson(
  app: FastifyInstance,
  callerId: string,
  query: NearbyQuery,
  serialize: (response: NearbyResponse) => string,
): Promise<string> {
  return cachedSearchJson(
    app.db,
    callerId,
    query,
    () => searchNearby(app, callerId, query),
    serialize,
  );
}

async function searchNearby(
  app: FastifyInstance,
  callerId: string,
  query: NearbyQuery,
): Promise<NearbyResponse> {
  const { page, limit } = query;
  const caller = await findSearcher(app.db, callerId);
  const filters: ProviderFilters = {
    excludeId: callerId,
    callerIsProvider: caller?.user_type === 'provider',
    name: query.name || undefined,
    city: query.city || undefined,
    service: query.service || undefined,
    petType: query.petType || undefined,
  };
  const offset = (page - 1) * limit;
  const origin =
    caller && caller.latitude !== null && caller.longitude !== null
      ? { latitude: Number(caller.latitude), longitude: Number(caller.longitude) }
      : null;
  // Matching providers not free for the whole range (the caller never among them), from the
  // calendar indexes; ranking skips them and the total leaves them out.
  // Without name or city the set is the same for every caller (cached while no calendar write
  // happens, see availability/busy-cache.ts); candidates never include the caller, so only the
  // count needs them taken out.
  let busy: ReadonlySet<string> = NO_ONE;
  let busyCount = 0;
  let searchFrom: string | undefined;
  if (query.startDate && query.endDate) {
    const range = searchRange(query.startDate, query.endDate);
    searchFrom = range.start.toISOString().slice(0, 10);
    if (filters.name || filters.city) {
      busy = await findBusySitters(app.db, filters.service, range, providerFilterSql(filters));
      busyCount = busy.size;
    } else {
      busy = await findBusyOffering(app.db, filters.service, filters.petType, range);
      busyCount = busy.size - (busy.has(callerId) ? 1 : 0);
    }
  }
  const total = (await countProviders(app.db, filters, 'all')) - busyCount;

  let ids: string[];
  const distances = new Map<string, number>();
  if (origin) {
    const ranked = await rankNearest(app, origin, filters, offset + limit, busy);
    const slice = ranked.slice(offset, offset + limit);
    for (const r of slice) distances.set(r.id, r.distanceKm);
    ids = slice.map((r) => r.id);
    if (ids.length < limit) {
      // Fewer than offset + limit ranked: `ranked` holds every free located provider.
      const unlocatedOffset = Math.max(0, offset - ranked.length);
      const fetch = (o: number, l: number) => findUnlocatedIds(app.db, filters, o, l);
      ids.push(...(await freeSlice(fetch, busy, unlocatedOffset, limit - ids.length)));
    }
  } else {
    const fetch = (o: number, l: number) => findTopRatedIds(app.db, filters, o, l);
    ids = await freeSlice(fetch, busy, offset, limit);
  }

  // Cards show the cached rating the 'all' order uses (see reviews/rating-cache.ts), so a page
  // never contradicts its own order; it trails the live summary by at most one refresh period.
  const cardRows = await findCardRows(app.db, ids);
  const rows = new Map(cardRows.map((r) => [r.id, r]));
  const freeDates = await cachedNextFreeDates(
    app.db,
    cardRows.map((r) => ({ id: r.id, services: parseStringList(r.primary_services) })),
    undefined,
    // With dates, the cards' free dates start at the search's first (UTC) day, not before it;
    // with a service, they are that service's (an overnight one's ignore the weekly hours).
    { fromDate: searchFrom, service: filters.service },
  );
  const nearbyUsers: NearbyCard[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) continue;
    const km = distances.get(id);
    nearbyUsers.push({
      ...toPublicUser(row, { average: row.rating_avg, count: row.rating_count }),
      nextFreeDates: freeDates.get(id) ?? [],
      distanceKm: km === undefined ? null : roundTo(km, 1),
    });
  }
  return {
    success: true,
    nearbyUsers,
    ...toPageMeta(page, limit, total),
    mode: origin ? 'nearby' : 'all',
  };
}
