import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * The spatial index of provider locations holds each point snapped to the 0.01° grid (~1 km)
 * that public cards show, and nearby search measures distance to that point: a searcher who
 * moved their own point step by step and watched the 0.1 km `distanceKm` of a sitter found the
 * sitter's stored point to the metre (locations.repository.ts). This migration snaps the points
 * already indexed; new writes snap them as they index.
 */
const grid = (column: string) =>
  sql.raw(`(floor(cast(${column} as double precision) * 100 + 0.5) / 100)`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function reindex(db: Kysely<any>, snap: boolean): Promise<void> {
  const [lat, lng] = snap
    ? [grid('u.latitude'), grid('u.longitude')]
    : [sql.ref('u.latitude'), sql.ref('u.longitude')];
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`delete from provider_locations_rtree`.execute(db);
    await sql`insert into provider_locations_rtree (id, min_lat, max_lat, min_lng, max_lng)
      select m.id, ${lat}, ${lat}, ${lng}, ${lng}
      from provider_locations m join users u on u.id = m.user_id
      where u.latitude is not null and u.longitude is not null`.execute(db);
    return;
  }
  await sql`update provider_locations set latitude = ${lat}, longitude = ${lng}
    from users u where u.id = provider_locations.user_id
      and u.latitude is not null and u.longitude is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await reindex(db, true);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await reindex(db, false);
}
