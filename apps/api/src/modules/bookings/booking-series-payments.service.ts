import type { FastifyInstance } from 'fastify';
import { serviceWord } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { nowIso } from '../../lib/ids.ts';
import { refundPayment, type PaymentRow } from '../billing/index.ts';
import { refundCredits } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { followUpCard, type CardFollowUp } from './booking-refunds.service.ts';
import {
  addSeriesCardRefundIfWithin,
  findSeries,
  findStalePendingSeries,
  settleSeriesChargeIfAwaiting,
  updateSeriesIfStatus,
  type SeriesRow,
} from './booking-series.repository.ts';
import { parsePlan } from './booking-series.mapper.ts';
import { findParties } from './booking-parties.repository.ts';

/**
 * The money of a pending series: the card checkout settled (paid → the sitter is asked; abandoned
 * → the series ends), and a series that ends without running gives back everything paid.
 */

export async function notifySitterOfRequest(app: FastifyInstance, row: SeriesRow): Promise<void> {
  const [owner] = await findParties(app.db, [row.owner_id]);
  const count = parsePlan(row.occurrences).filter((o) => !o.skipped).length;
  await notifyUser(app, row.provider_id, {
    type: 'series-request',
    message: `${owner?.first_name ?? 'An owner'} asked you for a weekly ${serviceWord(row.service)} series (${count} visits)`,
    data: { seriesId: row.id },
  });
}

/**
 * Billing reports a settled payment whose reference is a series (bookings register one handler
 * for kind 'booking'; see booking-payments.service.ts). False when `payment` is no series'.
 */
export async function settleSeriesPayment(
  app: FastifyInstance,
  trx: DbOrTrx,
  payment: PaymentRow,
  outcome: 'paid' | 'cancelled',
): Promise<boolean> {
  const row = await findSeries(trx, payment.reference_id);
  if (!row) return false;
  const now = nowIso();
  if (outcome === 'cancelled') {
    await dropUnpaidSeries(trx, row.id, now);
    return true;
  }
  if (await settleSeriesChargeIfAwaiting(trx, row.id, 'paid', now)) {
    // After billing's commit: the sitter is told once the request is really theirs.
    setImmediate(() => {
      void notifySitterOfRequest(app, row).catch((err: unknown) =>
        app.log.error({ err }, 'series request notification'),
      );
    });
  } else if (
    row.charge_state === 'cancelled' &&
    (await addSeriesCardRefundIfWithin(trx, row.id, payment.amount_cents, now))
  ) {
    // Paid after the series was cancelled: the whole card payment goes back.
    setImmediate(() => {
      void refundPayment(app, payment.id, payment.amount_cents).catch((err: unknown) =>
        app.log.error({ err }, 'refund of a late series payment'),
      );
    });
  }
  return true;
}

/** The checkout was abandoned: the series ends and every credit goes back. */
export async function dropUnpaidSeries(trx: DbOrTrx, id: string, now: string): Promise<void> {
  if (!(await settleSeriesChargeIfAwaiting(trx, id, 'cancelled', now))) return;
  const row = await findSeries(trx, id);
  if (!row) return;
  if (
    !(await updateSeriesIfStatus(trx, id, 'pending', {
      status: 'cancelled',
      credits_refunded: row.credits_applied,
      updated_at: now,
    }))
  )
    return;
  if (row.credits_applied > 0)
    await refundCredits(trx, row.owner_id, row.credits_applied, null, 'Card payment cancelled');
}

/**
 * A pending series ends without running (declined, cancelled, expired): `to` is set only while it
 * is still pending (false otherwise), and everything paid goes back — credits now, the card after
 * the commit (the returned follow-up), or an unpaid checkout is closed (expired after the commit).
 */
export async function endPendingSeries(
  trx: DbOrTrx,
  row: SeriesRow,
  to: 'declined' | 'cancelled' | 'expired',
  now: string,
): Promise<{ ended: boolean; refund: CardFollowUp }> {
  const ended = await updateSeriesIfStatus(trx, row.id, 'pending', {
    status: to,
    credits_refunded: row.credits_applied,
    updated_at: now,
    ...(to === 'declined' ? { decided_at: now } : {}),
  });
  if (!ended) return { ended, refund: null };
  if (row.credits_applied > 0)
    await refundCredits(
      trx,
      row.owner_id,
      row.credits_applied,
      null,
      'Refund for a weekly series that did not go ahead',
    );
  if (await settleSeriesChargeIfAwaiting(trx, row.id, 'cancelled', now))
    return {
      ended,
      refund: row.payment_id ? { kind: 'close-checkout', paymentId: row.payment_id } : null,
    };
  const current = await findSeries(trx, row.id);
  if (current?.charge_state !== 'paid' || !current.payment_id) return { ended, refund: null };
  const cents = current.card_cents - current.card_refunded_cents;
  if (cents <= 0 || !(await addSeriesCardRefundIfWithin(trx, row.id, cents, now)))
    return { ended, refund: null };
  return { ended, refund: { kind: 'refund', paymentId: current.payment_id, cents } };
}

/**
 * Pending series whose first occurrence has started without a decision: expired, everything
 * paid goes back and the owner is told. Returns how many expired.
 */
export async function expireStaleSeries(app: FastifyInstance, now = new Date()): Promise<number> {
  const at = now.toISOString();
  let expired = 0;
  for (const row of await findStalePendingSeries(app.db, at)) {
    const end = await app.db
      .transaction()
      .execute((trx) => endPendingSeries(trx, row, 'expired', at));
    if (!end.ended) continue;
    expired++;
    await followUpCard(app, end.refund);
    await notifyUser(app, row.owner_id, {
      type: 'series-expired',
      message: `Your weekly ${serviceWord(row.service)} series expired unanswered; everything paid was refunded`,
      data: { seriesId: row.id },
    });
  }
  return expired;
}
