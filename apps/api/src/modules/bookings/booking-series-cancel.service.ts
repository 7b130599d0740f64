import type { FastifyInstance } from 'fastify';
import { serviceWord } from '@pawsy/contract';
import type { SeriesWire } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { refundCredits } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { newEvent } from './booking-events.ts';
import { followUpCard, settleCardOnCancel, type CardFollowUp } from './booking-refunds.service.ts';
import { endPendingSeries } from './booking-series-payments.service.ts';
import { loadVisibleSeries, seriesWireById, sitterSees } from './booking-series-wires.service.ts';
import { findSeriesBookings, updateSeriesIfStatus } from './booking-series.repository.ts';
import { actorFor, checkCancelTime, checkTransition } from './booking-state.ts';
import {
  findBooking,
  insertEvent,
  updateIfStatus,
  type BookingRow,
} from './bookings.repository.ts';
import { refundOnCancel } from './pricing.ts';

/**
 * POST /booking/series/{id}/cancel by either party: one occurrence (its booking) or every
 * occurrence not yet started, each under the single-booking cancellation policy. A pending
 * series cancelled gives everything back.
 */
export async function cancelSeries(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
  body: { scope: 'occurrence' | 'rest'; bookingId?: string | undefined },
): Promise<{ wire: SeriesWire; message: string }> {
  const row = await loadVisibleSeries(app.db, caller, id);
  const by =
    row.owner_id === caller.id ? 'owner' : row.provider_id === caller.id ? 'provider' : null;
  if (!by) throw forbidden('Only the owner or the sitter of a series can cancel it');
  const now = nowIso();
  const refunds: CardFollowUp[] = [];
  let message: string;

  if (row.status === 'pending') {
    if (body.scope === 'occurrence')
      throw conflict('This series is not accepted yet: cancel the rest of it instead');
    const end = await app.db
      .transaction()
      .execute((trx) => endPendingSeries(trx, row, 'cancelled', now));
    if (!end.ended) throw conflict('This series changed in the meantime; reload it and try again');
    refunds.push(end.refund);
    message = 'Series cancelled; everything paid was refunded';
  } else if (
    row.status !== 'accepted' &&
    !(row.status === 'cancelled' && body.scope === 'occurrence')
  ) {
    // A cancelled series may keep a visit its owner could no longer cancel (begun, not started by
    // the sitter): its sitter can still cancel that one as a single visit.
    throw conflict(`This series is already ${row.status}`);
  } else if (body.scope === 'occurrence') {
    const booking = await findBooking(app.db, body.bookingId!);
    if (!booking || booking.series_id !== row.id) throw notFound('Occurrence');
    const actor = actorFor(booking, caller);
    const check = checkTransition(booking.status, 'cancelled', actor);
    if (!check.ok) throw check.forbidden ? forbidden(check.reason) : conflict(check.reason);
    const late = checkCancelTime(booking, actor, new Date(now));
    if (!late.ok) throw conflict(late.reason);
    await app.db.transaction().execute(async (trx) => {
      refunds.push(await cancelOccurrence(trx, booking, by, caller.id, now));
    });
    message = `Occurrence of ${booking.start_at.slice(0, 10)} cancelled`;
  } else {
    // What the caller may still cancel: the owner the visits not begun, the sitter those not ended.
    const open = (await findSeriesBookings(app.db, row.id)).filter(
      (b) => b.status === 'accepted' && checkCancelTime(b, actorFor(b, caller), new Date(now)).ok,
    );
    if (open.length === 0) throw conflict('No occurrence of this series is left to cancel');
    await app.db.transaction().execute(async (trx) => {
      for (const booking of open)
        refunds.push(await cancelOccurrence(trx, booking, by, caller.id, now));
      await updateSeriesIfStatus(trx, row.id, 'accepted', { status: 'cancelled', updated_at: now });
    });
    message = `Series cancelled: ${open.length} upcoming occurrence${open.length === 1 ? '' : 's'} cancelled`;
  }

  for (const refund of refunds) await followUpCard(app, refund);
  const wire = await seriesWireById(app.db, caller, row.id);
  const other = by === 'owner' ? row.provider_id : row.owner_id;
  if (by === 'provider' || sitterSees(row))
    await notifyUser(app, other, {
      type: 'series-cancelled',
      message: `${by === 'owner' ? wire.owner.firstName : wire.provider.firstName}: ${message} (weekly ${serviceWord(row.service)} series)`,
      data: { seriesId: row.id, scope: body.scope, bookingId: body.bookingId ?? null },
    });
  return { wire, message };
}

/** One accepted occurrence → cancelled, with the credits and card refunds of a single booking. */
async function cancelOccurrence(
  trx: DbOrTrx,
  booking: BookingRow,
  by: 'owner' | 'provider',
  callerId: string,
  now: string,
): Promise<CardFollowUp> {
  const policy = (paid: number) =>
    refundOnCancel({
      creditsApplied: paid,
      startAt: new Date(booking.start_at),
      now: new Date(now),
      cancelledBy: by,
      accepted: true,
    });
  const card = await settleCardOnCancel(trx, booking.id, policy, now);
  const refunded = card.unpaid ? booking.credits_applied : policy(booking.credits_applied);
  const moved = await updateIfStatus(trx, booking.id, 'accepted', {
    status: 'cancelled',
    cancelled_by: callerId,
    credits_refunded: refunded,
    updated_at: now,
  });
  if (!moved)
    throw conflict('An occurrence changed in the meantime; reload the series and try again');
  if (refunded > 0) await refundCredits(trx, booking.owner_id, refunded, booking.id);
  await insertEvent(trx, newEvent(booking.id, callerId, 'cancelled', now));
  return card.refund;
}
