import { sql, type Kysely } from 'kysely';

/**
 * A direct request its sitter declined is cancelled and, from now on, no longer names that sitter
 * (`provider_id` null): they never took it on, and being named kept them in its chat. Bookings
 * declined before this change are unlinked the same way: cancelled, their named sitter's request
 * rejected, and no `accepted` event in their history. The rejected request keeps whom it went to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update bookings set provider_id = null
    where status = 'cancelled' and provider_id is not null
      and exists (
        select 1 from booking_requests r
        where r.booking_id = bookings.id and r.provider_id = bookings.provider_id
          and r.state = 'rejected')
      and not exists (
        select 1 from booking_events e where e.booking_id = bookings.id and e.type = 'accepted')
  `.execute(db);
}

/** Nothing to undo: which sitter declined stays on their rejected request. */
export async function down(): Promise<void> {}
