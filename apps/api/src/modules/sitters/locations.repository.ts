import { SqliteAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { Box } from './geo.ts';

/*
 * The spatial index of provider locations (see the provider-locations migration). Every write
 * of a provider's users.latitude/longitude must call `syncProviderLocation` in the same
 * transaction; bulk inserts (seeders, benchmarks) may call `rebuildProviderLocationIndex` once.
 * Reads always re-check users (type, deletion, coordinates), so a stale row is harmless.
 *
 * The index holds each provider's point snapped to the 0.01° grid (~1 km) that public cards show,
 * and nearby search measures distance to that same point (gridSql), never to the stored one: a
 * searcher who moves their own point and watches `distanceKm` or the order of the results
 * learns the cell, which the card already shows, not the door. The rounding is the database's
 * (gridSql) on every side, so a box lookup and the distance it is checked against agree.
 */

/**
 * A stored coordinate snapped to the grid: half up, as Math.round does for the card's roundTo
 * (round() breaks ties away from zero on SQLite and to even on PostgreSQL).
 */
export const gridSql = (value: RawBuilder<unknown> | number): RawBuilder<number> =>
  sql<number>`(floor(cast(${value} as double precision) * 100 + 0.5) / 100)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const isSqlite = (db: Kysely<any>): boolean =>
  db.getExecutor().adapter instanceof SqliteAdapter;

export async function syncProviderLocation(
  db: DbOrTrx,
  userId: string,
  latitude: number | null,
  longitude: number | null,
): Promise<void> {
  const located = latitude !== null && longitude !== null;
  if (isSqlite(db)) {
    if (!located) {
      await sql`delete from provider_locations_rtree where id in
        (select id from provider_locations where user_id = ${userId})`.execute(db);
      await sql`delete from provider_locations where user_id = ${userId}`.execute(db);
      return;
    }
    await sql`insert into provider_locations (user_id) values (${userId})
      on conflict (user_id) do nothing`.execute(db);
    const [lat, lng] = [gridSql(latitude), gridSql(longitude)];
    await sql`insert or replace into provider_locations_rtree (id, min_lat, max_lat, min_lng, max_lng)
      select id, ${lat}, ${lat}, ${lng}, ${lng}
      from provider_locations where user_id = ${userId}`.execute(db);
    return;
  }
  if (!located) {
    await sql`delete from provider_locations where user_id = ${userId}`.execute(db);
    return;
  }
  await sql`insert into provider_locations (user_id, latitude, longitude)
    values (${userId}, ${gridSql(latitude)}, ${gridSql(longitude)})
    on conflict (user_id) do update set latitude = excluded.latitude, longitude = excluded.longitude`.execute(
    db,
  );
}

/** Rebuilds the whole index from users (every non-deleted provider with coordinates). */
export async function rebuildProviderLocationIndex(db: DbOrTrx): Promise<void> {
  const located = sql`user_type = 'provider' and deleted_at is null
    and latitude is not null and longitude is not null`;
  if (isSqlite(db)) {
    await sql`delete from provider_locations_rtree`.execute(db);
    await sql`delete from provider_locations where user_id not in (select id from users where ${located})`.execute(
      db,
    );
    await sql`insert into provider_locations (user_id) select id from users where ${located}
      on conflict (user_id) do nothing`.execute(db);
    const [lat, lng] = [gridSql(sql.ref('u.latitude')), gridSql(sql.ref('u.longitude'))];
    await sql`insert into provider_locations_rtree (id, min_lat, max_lat, min_lng, max_lng)
      select m.id, ${lat}, ${lat}, ${lng}, ${lng}
      from provider_locations m join users u on u.id = m.user_id`.execute(db);
    return;
  }
  await sql`delete from provider_locations`.execute(db);
  await sql`insert into provider_locations (user_id, latitude, longitude)
    select id, ${gridSql(sql.ref('latitude'))}, ${gridSql(sql.ref('longitude'))}
    from users where ${located}`.execute(db);
}

/** Number of indexed locations (to detect inserts that skipped the sync). */
export async function countIndexedLocations(db: DbOrTrx): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from provider_locations`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * A derived table `loc(user_id)` of the providers indexed inside any of `boxes`, one index
 * lookup per box (R*Tree on SQLite, GiST on PostgreSQL). Callers put it first in a CROSS JOIN so
 * SQLite walks the index first instead of every provider.
 */
export function boxedLocationsSql(db: DbOrTrx, boxes: Box[]): RawBuilder<unknown> {
  const parts = boxes.map((b) =>
    isSqlite(db)
      ? sql`select m.user_id from provider_locations_rtree r cross join provider_locations m
          where m.id = r.id and r.max_lat >= ${b.minLat} and r.min_lat <= ${b.maxLat}
          and r.max_lng >= ${b.minLng} and r.min_lng <= ${b.maxLng}`
      : sql`select pl.user_id from provider_locations pl
          where point(pl.longitude, pl.latitude) <@ box(point(${b.minLng}, ${b.minLat}), point(${b.maxLng}, ${b.maxLat}))`,
  );
  return sql`(${sql.join(parts, sql` union `)}) loc`;
}

/** `users.id` has a row in the location index. */
export const isIndexedSql = (): RawBuilder<SqlBool> =>
  sql<SqlBool>`users.id in (select user_id from provider_locations)`;

/** Non-deleted providers with coordinates, counted from users. */
export async function countLocatedProviders(db: DbOrTrx): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from users
    where user_type = 'provider' and deleted_at is null
      and latitude is not null and longitude is not null`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
