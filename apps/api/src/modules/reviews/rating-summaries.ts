import type { DbOrTrx } from '../../db/index.ts';
import { summariseRatings } from './ratings.repository.ts';

export type RatingSummary = { average: number | null; count: number };

/**
 * Average rating (one decimal) and number of reviews each user has received, over visible
 * reviews only (double-blind: both parties reviewed, or 14 days since completion). Every id
 * asked for is in the map; users without visible reviews get `{ average: null, count: 0 }`.
 * For other areas (sitter cards, nearby lists): one grouped, index-backed query per call.
 */
export async function getRatingSummaries(
  db: DbOrTrx,
  userIds: readonly string[],
): Promise<Map<string, RatingSummary>> {
  const unique = [...new Set(userIds)];
  const result = new Map<string, RatingSummary>(
    unique.map((id) => [id, { average: null, count: 0 }]),
  );
  for (let i = 0; i < unique.length; i += 500) {
    for (const row of await summariseRatings(db, unique.slice(i, i + 500))) {
      result.set(row.subject_id, { average: row.average, count: row.count });
    }
  }
  return result;
}
