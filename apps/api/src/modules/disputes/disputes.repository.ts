import type { DbOrTrx } from '../../db/index.ts';

/** Whether the booking has ever had a dispute, in any status (admins may then read its chat). */
export async function bookingHasDispute(db: DbOrTrx, bookingId: string): Promise<boolean> {
  const row = await db
    .selectFrom('disputes')
    .select('id')
    .where('booking_id', '=', bookingId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
