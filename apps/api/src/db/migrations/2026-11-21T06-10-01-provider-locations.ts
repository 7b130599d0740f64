import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The spatial index behind GET /api/user/nearby, one per engine, both without extensions.
 * SQLite: an R*Tree virtual table keyed by an integer, plus a mapping table integer ↔ user id.
 * PostgreSQL: a table of provider points with a GiST index on point(longitude, latitude).
 * users.latitude/longitude stay the source of truth; the index is rebuilt from them at will.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`create virtual table provider_locations_rtree using rtree(id, min_lat, max_lat, min_lng, max_lng)`.execute(
      db,
    );
    await sql`create table provider_locations (
      id integer primary key,
      user_id varchar(24) not null unique references users(id)
    )`.execute(db);
    return;
  }
  await sql`create table provider_locations (
    user_id varchar(24) primary key references users(id),
    latitude double precision not null,
    longitude double precision not null
  )`.execute(db);
  await sql`create index provider_locations_point_gist on provider_locations
    using gist (point(longitude, latitude))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists provider_locations`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop table if exists provider_locations_rtree`.execute(db);
  }
}
