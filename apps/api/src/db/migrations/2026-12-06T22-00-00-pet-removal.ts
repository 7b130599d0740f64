import type { Kysely } from 'kysely';

/**
 * Owners remove pets (DELETE /api/pets/{petId}) softly: the row stays, so a past booking still
 * names the pet and its kind, and `removed_at` (an ISO time, as every other time column) leaves it
 * out of the owner's list, the per-owner cap and new bookings. Null on every pet from before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pets').addColumn('removed_at', 'varchar(32)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pets').dropColumn('removed_at').execute();
}
