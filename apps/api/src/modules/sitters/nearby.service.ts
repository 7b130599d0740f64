import { toPageMeta } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import type { NearbyCard, NearbyQuery, NearbyResponse } from '@pawsy/contract';
import { boundingBoxes, haversineKm, roundTo, type LatLng } from './geo.ts';
import {
  countProviders,
  findLocatedInBoxes,
  findNearestLocated,
  findTopRatedIds,
  findUnlocatedIds,
  type ProviderFilters,
} from './nearby.repository.ts';
import { toPublicUser } from './public-user.ts';
import { findCardRows, findSearcher } from './sitters.repository.ts';

/**
 * Search radii (km) tried in turn, each an index lookup; past the last one the database ranks
 * the located providers itself and hands over only the `needed` nearest.
 */
const RADII_KM = [5, 25, 100, 500, 2000];

type Ranked = { id: string; distanceKm: number };

/**
 * The `needed` nearest located providers (or all of them when fewer), exactly ordered by
 * distance then id. A box of radius r holds every point within r, so once at least `needed`
 * candidates lie within r, nothing outside the box can rank among them.
 */
export async function rankNearest(
  app: FastifyInstance,
  origin: LatLng,
  filters: ProviderFilters,
  needed: number,
): Promise<Ranked[]> {
  const rank = (rows: { id: string; latitude: number; longitude: number }[], maxKm: number) =>
    rows
      .map((r) => ({ id: r.id, distanceKm: haversineKm(origin, r) }))
      .filter((r) => r.distanceKm <= maxKm)
      .sort((a, b) => a.distanceKm - b.distanceKm || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const radius of RADII_KM) {
    const within = rank(
      await findLocatedInBoxes(app.db, boundingBoxes(origin, radius), filters),
      radius,
    );
    if (within.length >= needed) return within;
  }
  return rank(await findNearestLocated(app.db, origin, filters, needed), Infinity);
}

export async function listNearbyProviders(
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
  };
  const offset = (page - 1) * limit;
  const origin =
    caller && caller.latitude !== null && caller.longitude !== null
      ? { latitude: Number(caller.latitude), longitude: Number(caller.longitude) }
      : null;
  const total = await countProviders(app.db, filters, 'all');

  let ids: string[];
  const distances = new Map<string, number>();
  if (origin) {
    const ranked = await rankNearest(app, origin, filters, offset + limit);
    const slice = ranked.slice(offset, offset + limit);
    for (const r of slice) distances.set(r.id, r.distanceKm);
    ids = slice.map((r) => r.id);
    if (ids.length < limit) {
      const locatedTotal = await countProviders(app.db, filters, 'located');
      const unlocatedOffset = Math.max(0, offset - locatedTotal);
      ids.push(...(await findUnlocatedIds(app.db, filters, unlocatedOffset, limit - ids.length)));
    }
  } else {
    ids = await findTopRatedIds(app.db, filters, offset, limit);
  }

  // Cards show the cached rating the 'all' order uses (see reviews/rating-cache.ts), so a page
  // never contradicts its own order; it trails the live summary by at most one refresh period.
  const rows = new Map((await findCardRows(app.db, ids)).map((r) => [r.id, r]));
  const nearbyUsers: NearbyCard[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) continue;
    const km = distances.get(id);
    nearbyUsers.push({
      ...toPublicUser(row, { average: row.rating_avg, count: row.rating_count }),
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
