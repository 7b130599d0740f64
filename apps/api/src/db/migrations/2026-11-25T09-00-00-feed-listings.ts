import { SqliteAdapter, sql, type Kysely } from 'kysely';

/*
 * A sitter's feed lists open bookings nearest first. Ordering by a distance computed per row read
 * every open booking (its row, its owner, its charge) and sorted them all on each request, a cost
 * that grew with the marketplace. feed_listings holds one narrow row per listed booking (pending,
 * no sitter, card part paid or none) with its owner's point and a 0.1° latitude cell
 * (floor((latitude + 90) × 10), null when the owner has no point), kept by triggers on bookings,
 * booking_charges and users, so every writer keeps it right. The feed reads the nearest listings
 * from growing boxes over (lat_cell, longitude) and counts from (service, start_at, lat_cell)
 * without touching bookings (provider-feed.repository.ts).
 */

/**
 * The listing row of booking `id` (of every listed booking when null), if it is listed; SQL shared
 * by both engines' triggers and the backfill.
 */
const insertListing = (id: string | null, cell: string) => `
  insert into feed_listings
    (booking_id, owner_id, service, start_at, created_at, latitude, longitude, lat_cell)
  select b.id, b.owner_id, b.service, b.start_at, b.created_at,
    case when u.latitude is null or u.longitude is null then null else u.latitude end,
    case when u.latitude is null or u.longitude is null then null else u.longitude end,
    case when u.latitude is null or u.longitude is null then null else ${cell} end
  from bookings b join users u on u.id = b.owner_id
  where ${id === null ? '' : `b.id = ${id} and `}b.status = 'pending' and b.provider_id is null
    and not exists (select 1 from booking_charges bc where bc.booking_id = b.id and bc.state <> 'paid');`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('feed_listings')
    .addColumn('booking_id', 'varchar(24)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('service', 'varchar(40)', (c) => c.notNull())
    .addColumn('start_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('lat_cell', 'integer')
    .execute();
  const indexes: [string, string[]][] = [
    ['feed_listings_cell_idx', ['lat_cell', 'longitude']],
    ['feed_listings_cell_created_idx', ['lat_cell', 'created_at', 'booking_id']],
    ['feed_listings_created_idx', ['created_at', 'booking_id']],
    ['feed_listings_service_start_idx', ['service', 'start_at', 'lat_cell']],
    ['feed_listings_owner_idx', ['owner_id']],
  ];
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).on('feed_listings').columns(columns).execute();
  // The bookings a sitter was rejected from or withdrew from (subtracted from the feed's count).
  await db.schema
    .createIndex('booking_requests_provider_state_idx')
    .on('booking_requests')
    .columns(['provider_id', 'state', 'booking_id'])
    .execute();

  // SQLite's cast truncates toward zero, PostgreSQL's rounds: floor where needed (latitude + 90 ≥ 0).
  const cell = (lat: string) =>
    sqlite ? `cast((${lat} + 90) * 10 as integer)` : `floor((${lat} + 90) * 10)::integer`;
  const ownerPoint = (row: string) => `
    update feed_listings set
      latitude = case when ${row}.latitude is null or ${row}.longitude is null then null else ${row}.latitude end,
      longitude = case when ${row}.latitude is null or ${row}.longitude is null then null else ${row}.longitude end,
      lat_cell = case when ${row}.latitude is null or ${row}.longitude is null then null else ${cell(`${row}.latitude`)} end
    where owner_id = ${row}.id;`;

  await sql.raw(insertListing(null, cell('u.latitude')).replace(/;\s*$/, '')).execute(db);

  if (sqlite) {
    const refresh = (id: string) =>
      `delete from feed_listings where booking_id = ${id}; ${insertListing(id, cell('u.latitude'))}`;
    const triggers = [
      `create trigger bookings_feed_insert after insert on bookings
        when new.status = 'pending' and new.provider_id is null
        begin ${insertListing('new.id', cell('u.latitude'))} end`,
      `create trigger bookings_feed_update
        after update of status, provider_id, service, start_at, created_at, owner_id on bookings
        begin delete from feed_listings where booking_id = old.id; ${refresh('new.id')} end`,
      `create trigger bookings_feed_delete after delete on bookings
        begin delete from feed_listings where booking_id = old.id; end`,
      `create trigger booking_charges_feed_insert after insert on booking_charges
        begin ${refresh('new.booking_id')} end`,
      `create trigger booking_charges_feed_update after update of state, booking_id on booking_charges
        begin ${refresh('old.booking_id')} ${refresh('new.booking_id')} end`,
      `create trigger booking_charges_feed_delete after delete on booking_charges
        begin ${refresh('old.booking_id')} end`,
      `create trigger users_feed_point after update of latitude, longitude on users
        begin ${ownerPoint('new')} end`,
    ];
    for (const t of triggers) await sql.raw(t).execute(db);
    return;
  }
  await sql
    .raw(
      `create function feed_listing_refresh(p_booking varchar) returns void language plpgsql as $$
      begin
        delete from feed_listings where booking_id = p_booking;
        ${insertListing('p_booking', cell('u.latitude'))}
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function feed_listings_bookings_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          delete from feed_listings where booking_id = old.id;
        end if;
        if tg_op in ('UPDATE', 'INSERT') and new.status = 'pending' and new.provider_id is null then
          perform feed_listing_refresh(new.id);
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function feed_listings_charges_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then perform feed_listing_refresh(old.booking_id); end if;
        if tg_op in ('UPDATE', 'INSERT') then perform feed_listing_refresh(new.booking_id); end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function feed_listings_users_sync() returns trigger language plpgsql as $$
      begin
        ${ownerPoint('new')}
        return null;
      end $$`,
    )
    .execute(db);
  await sql`create trigger bookings_feed
    after insert or update of status, provider_id, service, start_at, created_at, owner_id or delete
    on bookings for each row execute function feed_listings_bookings_sync()`.execute(db);
  await sql`create trigger booking_charges_feed
    after insert or update of state, booking_id or delete
    on booking_charges for each row execute function feed_listings_charges_sync()`.execute(db);
  await sql`create trigger users_feed_point after update of latitude, longitude
    on users for each row execute function feed_listings_users_sync()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const name of [
      'bookings_feed_insert',
      'bookings_feed_update',
      'bookings_feed_delete',
      'booking_charges_feed_insert',
      'booking_charges_feed_update',
      'booking_charges_feed_delete',
      'users_feed_point',
    ])
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
  } else {
    await sql`drop trigger if exists bookings_feed on bookings`.execute(db);
    await sql`drop trigger if exists booking_charges_feed on booking_charges`.execute(db);
    await sql`drop trigger if exists users_feed_point on users`.execute(db);
    for (const fn of [
      'feed_listings_bookings_sync()',
      'feed_listings_charges_sync()',
      'feed_listings_users_sync()',
      'feed_listing_refresh(varchar)',
    ])
      await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await db.schema.dropIndex('booking_requests_provider_state_idx').execute();
  await db.schema.dropTable('feed_listings').execute();
}
