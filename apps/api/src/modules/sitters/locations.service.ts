import type { DbOrTrx } from '../../db/index.ts';
import * as repo from './locations.repository.ts';

/*
 * The spatial index of provider locations, as other areas use it. Every write of a provider's
 * users.latitude/longitude calls `syncProviderLocation` in the same transaction; bulk inserts
 * (seeders, benchmarks) call `rebuildProviderLocationIndex` once afterwards.
 */

export function syncProviderLocation(
  db: DbOrTrx,
  userId: string,
  latitude: number | null,
  longitude: number | null,
): Promise<void> {
  return repo.syncProviderLocation(db, userId, latitude, longitude);
}

export function rebuildProviderLocationIndex(db: DbOrTrx): Promise<void> {
  return repo.rebuildProviderLocationIndex(db);
}

export function countIndexedLocations(db: DbOrTrx): Promise<number> {
  return repo.countIndexedLocations(db);
}

/**
 * Start-up check: when the index and users disagree on how many providers are located (an
 * insert that skipped `syncProviderLocation`, a restored backup), rebuild the index. True when
 * it rebuilt.
 */
export async function ensureProviderLocationIndex(db: DbOrTrx): Promise<boolean> {
  const [located, indexed] = await Promise.all([
    repo.countLocatedProviders(db),
    repo.countIndexedLocations(db),
  ]);
  if (located === indexed) return false;
  await repo.rebuildProviderLocationIndex(db);
  return true;
}
