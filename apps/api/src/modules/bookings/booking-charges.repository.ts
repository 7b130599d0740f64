import { sql } from 'kysely';
import { compiledRead, compiledWrite, type DbOrTrx } from '../../db/index.ts';
import type { BookingChargesTable } from '../../db/schema.ts';

export type ChargeRow = BookingChargesTable;

/** A where-clause over `bookings`: drops bookings whose card part is unpaid (awaiting or abandoned). */
export const cardPaidOrNone = sql<boolean>`not exists (select 1 from booking_charges bc where bc.booking_id = bookings.id and bc.state <> 'paid')`;

const insertBookingChargesRow = compiledWrite((db, row: ChargeRow) =>
  db.insertInto('booking_charges').values(row),
);

export async function insertCharge(db: DbOrTrx, row: ChargeRow): Promise<void> {
  await insertBookingChargesRow(db, row);
}

export async function findCharge(db: DbOrTrx, bookingId: string): Promise<ChargeRow | undefined> {
  return (await selectCharge(db, bookingId))[0];
}
const selectCharge = compiledRead((db, bookingId: string) =>
  db.selectFrom('booking_charges').selectAll().where('booking_id', '=', bookingId),
);

const selectCharges = compiledRead((db, bookingIds: string[]) =>
  db.selectFrom('booking_charges').selectAll().where('booking_id', 'in', bookingIds),
);

export async function findCharges(
  db: DbOrTrx,
  bookingIds: readonly string[],
): Promise<Map<string, ChargeRow>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await selectCharges(db, [...new Set(bookingIds)]);
  return new Map(rows.map((r) => [r.booking_id, r]));
}

/** awaiting → paid or cancelled; false when the charge had already left 'awaiting'. */
export async function settleIfAwaiting(
  db: DbOrTrx,
  bookingId: string,
  state: 'paid' | 'cancelled',
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('booking_charges')
    .set({ state, checkout_url: null, updated_at: now })
    .where('booking_id', '=', bookingId)
    .where('state', '=', 'awaiting')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Records a card refund once, only while nothing was refunded yet: of a paid charge (a refund
 * after cancellation or a dispute), or of a cancelled one whose payment went through late (then
 * all of it).
 */
export async function setRefundIfNone(
  db: DbOrTrx,
  bookingId: string,
  state: 'paid' | 'cancelled',
  cents: number,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('booking_charges')
    .set({ card_refunded_cents: cents, updated_at: now })
    .where('booking_id', '=', bookingId)
    .where('state', '=', state)
    .where('card_refunded_cents', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
