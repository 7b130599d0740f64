import { sql, type Kysely } from 'kysely';

/**
 * A booking cancelled before any sitter took it on no longer names a sitter (`provider_id` null):
 * a direct request its sitter declined, the owner withdrew, nobody answered before the start, or
 * whose card payment was abandoned. Being named kept that sitter in its chat and on its page.
 * Bookings cancelled so before this change are unlinked the same way: cancelled, with no
 * `accepted` event in their history. The sitter's request keeps whom it went to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update bookings set provider_id = null
    where status = 'cancelled' and provider_id is not null
      and not exists (
        select 1 from booking_events e where e.booking_id = bookings.id and e.type = 'accepted')
  `.execute(db);
}

/** Nothing to undo: which sitter declined stays on their rejected request. */
export async function down(): Promise<void> {}
