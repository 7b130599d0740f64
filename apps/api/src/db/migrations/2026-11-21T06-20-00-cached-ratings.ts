import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Cached ratings, so the nearby list in mode 'all' can order sitters by rating from an index:
 * - reviews.visible_at: when the review becomes visible (double-blind: the moment both parties
 *   have reviewed, or 14 days after completion, whichever comes first);
 * - users.rating_avg / rating_count: average (one decimal) and count of visible reviews received;
 * - rating_refresh: the watermark of the job that refreshes subjects whose reviews became visible
 *   by time (shared by every instance, so none misses a window and two never do the same one);
 * - an index giving live providers in the 'all' order (rating desc nulls last, newest, id).
 *   On PostgreSQL a partial one: it does not treat `deleted_at is null` as pinning that column,
 *   so (user_type, deleted_at, rating_avg, …) would not give the order without a sort.
 * The backfill repeats the rules of modules/reviews (migrations never import app code).
 */
const BLIND_MS = 14 * 24 * 3600_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema.alterTable('users').addColumn('rating_avg', 'double precision').execute();
  await db.schema
    .alterTable('users')
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('reviews').addColumn('visible_at', 'varchar(32)').execute();
  await db.schema
    .createIndex('reviews_visible_at_idx')
    .on('reviews')
    .columns(['visible_at', 'subject_id'])
    .execute();
  if (isSqlite) {
    // SQLite pins `deleted_at is null` like an equality, puts nulls last in a descending order
    // and has no NULLS clause in indexes. A partial index would lose, without ANALYZE stats, to
    // users_type_deleted_id_idx plus a sort; this one matches the WHERE and gives the order.
    await sql`create index users_providers_rating_idx
      on users (user_type, deleted_at, rating_avg desc, created_at desc, id desc)`.execute(db);
  } else {
    await sql`create index users_providers_rating_idx
      on users (rating_avg desc nulls last, created_at desc, id desc)
      where user_type = 'provider' and deleted_at is null`.execute(db);
  }
  await sql`create table rating_refresh (
    id integer primary key check (id = 1),
    last_run_at varchar(32) not null
  )`.execute(db);

  const now = new Date().toISOString();
  await backfillVisibleAt(db);
  await backfillRatings(db, now);
  await db.insertInto('rating_refresh').values({ id: 1, last_run_at: now }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function backfillVisibleAt(db: Kysely<any>): Promise<void> {
  const rows: {
    id: string;
    booking_id: string;
    created_at: string;
    completed_at: string | null;
  }[] = await db
    .selectFrom('reviews as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select(['r.id', 'r.booking_id', 'r.created_at', 'b.completed_at'])
    .orderBy('r.booking_id')
    .orderBy('r.created_at')
    .execute();
  const byBooking = new Map<string, typeof rows>();
  for (const row of rows)
    byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), row]);
  for (const reviews of byBooking.values()) {
    const completed = reviews[0]!.completed_at ?? reviews[0]!.created_at;
    const blindEnd = new Date(Date.parse(completed) + BLIND_MS).toISOString();
    // Both written: visible from the later of the two (or the end of the blind window).
    const bothAt = reviews.length > 1 ? reviews.at(-1)!.created_at : null;
    const visibleAt = bothAt !== null && bothAt < blindEnd ? bothAt : blindEnd;
    await db
      .updateTable('reviews')
      .set({ visible_at: visibleAt })
      .where(
        'id',
        'in',
        reviews.map((r) => r.id),
      )
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function backfillRatings(db: Kysely<any>, now: string): Promise<void> {
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['subject_id', eb.fn.avg('rating').as('average'), eb.fn.countAll().as('count')])
    .where('visible_at', '<=', now)
    .groupBy('subject_id')
    .execute();
  for (const row of rows) {
    await db
      .updateTable('users')
      .set({
        rating_avg: Math.round(Number(row.average) * 10) / 10,
        rating_count: Number(row.count),
      })
      .where('id', '=', String(row.subject_id))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists rating_refresh`.execute(db);
  await db.schema.dropIndex('users_providers_rating_idx').execute();
  await db.schema.dropIndex('reviews_visible_at_idx').execute();
  await db.schema.alterTable('reviews').dropColumn('visible_at').execute();
  await db.schema.alterTable('users').dropColumn('rating_count').execute();
  await db.schema.alterTable('users').dropColumn('rating_avg').execute();
}
