import { sql, type Kysely } from 'kysely';

/**
 * A weekly series is reviewed once per party, on any of its occurrences, and the pair that lifts
 * the double-blind rule is the two parties' reviews of the series. The service checked "one per
 * series" before inserting, so on PostgreSQL two posts at the same moment on two occurrences
 * could both pass; `reviews.series_id` (copied from the booking at insert) and a partial unique
 * index now make the database refuse the second. Duplicates left by such races keep the earliest
 * review. Cross-occurrence pairs already written become visible now (as the second review would
 * have made them), which also lets the rating refresh job pick their subjects up.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('series_id', 'varchar(24)').execute();
  await sql`
    update reviews set series_id = (select b.series_id from bookings b where b.id = reviews.booking_id)
  `.execute(db);
  await sql`
    delete from reviews
    where series_id is not null and exists (
      select 1 from reviews earlier
      where earlier.series_id = reviews.series_id and earlier.author_id = reviews.author_id
        and (earlier.created_at < reviews.created_at
          or (earlier.created_at = reviews.created_at and earlier.id < reviews.id)))
  `.execute(db);
  await db.schema
    .createIndex('reviews_series_author_uq')
    .on('reviews')
    .columns(['series_id', 'author_id'])
    .unique()
    .where(sql.ref('series_id'), 'is not', null)
    .execute();
  const now = new Date().toISOString();
  await sql`
    update reviews set visible_at = ${now}
    where series_id is not null and (visible_at is null or visible_at > ${now}) and exists (
      select 1 from reviews r2
      where r2.series_id = reviews.series_id and r2.author_id <> reviews.author_id)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reviews_series_author_uq').execute();
  await db.schema.alterTable('reviews').dropColumn('series_id').execute();
}
