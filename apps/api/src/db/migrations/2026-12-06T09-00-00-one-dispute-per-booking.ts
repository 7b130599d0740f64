import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * One dispute per booking, ever (modules/disputes): a party kept a booking's bad reviews hidden by
 * opening a new dispute each time an admin closed the last one. `sole_booking_id` holds the
 * booking id on a booking's one dispute and is unique, so two parties opening at the same instant
 * cannot both win on either engine. Bookings disputed more than once before this keep all their
 * disputes (evidence and decisions point at them); the earliest one carries the booking id, the
 * later ones null, which a unique index lets through on both engines. The partial index of one
 * open dispute per booking stays for those.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('disputes').addColumn('sole_booking_id', 'varchar(24)').execute();
  await sql`
    update disputes set sole_booking_id = booking_id
    where not exists (
      select 1 from disputes earlier
      where earlier.booking_id = disputes.booking_id
        and (earlier.created_at < disputes.created_at
          or (earlier.created_at = disputes.created_at and earlier.id < disputes.id)))
  `.execute(db);
  await db.schema
    .createIndex('disputes_one_per_booking_uq')
    .on('disputes')
    .column('sole_booking_id')
    .unique()
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('disputes_one_per_booking_uq').execute();
  await db.schema.alterTable('disputes').dropColumn('sole_booking_id').execute();
}
