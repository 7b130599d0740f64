import type { FastifyInstance } from 'fastify';
import { serviceWord } from '@pawsy/contract';
import type { SeriesWire } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { conflict, forbidden } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  findConflict,
  loadCalendars,
  lockSitter,
  type CalendarData,
} from '../availability/index.ts';
import { refundCredits } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { insertCharge } from './booking-charges.repository.ts';
import { newEvent } from './booking-events.ts';
import { followUpCard, type CardFollowUp } from './booking-refunds.service.ts';
import { endPendingSeries } from './booking-series-payments.service.ts';
import { loadVisibleSeries, seriesWireById } from './booking-series-wires.service.ts';
import {
  addSeriesCardRefundIfWithin,
  updateSeriesIfStatus,
  type SeriesRow,
} from './booking-series.repository.ts';
import { parsePlan, type SeriesPlanItem } from './booking-series.mapper.ts';
import { seriesSpan, splitPayment } from './booking-series.plan.ts';
import { insertBooking, insertEvent, type BookingRow } from './bookings.repository.ts';

/**
 * PUT /booking/series/{id}/decision by the series' sitter. Accepting holds the sitter's calendar
 * (lockSitter), re-checks every occurrence and creates a booking for each still-free one; those
 * that became busy or already started are skipped and their share refunded.
 */
export async function decideSeries(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
  decision: 'accepted' | 'rejected',
): Promise<{ wire: SeriesWire; message: string }> {
  const row = await loadVisibleSeries(app.db, caller, id);
  if (row.provider_id !== caller.id)
    throw forbidden("Only the series' sitter can accept or decline it");
  if (row.status !== 'pending') throw conflict(`This series is already ${row.status}`);
  const now = nowIso();
  let message: string;
  let cardRefund: CardFollowUp = null;

  if (decision === 'rejected') {
    const end = await app.db
      .transaction()
      .execute((trx) => endPendingSeries(trx, row, 'declined', now));
    if (!end.ended) throw conflict('This series changed in the meantime; reload it and try again');
    cardRefund = end.refund;
    message = 'Series declined';
  } else {
    const outcome = await app.db.transaction().execute((trx) => acceptSeries(trx, row, now));
    cardRefund = outcome.cardRefund;
    message =
      outcome.skipped > 0
        ? `Series accepted: ${outcome.created} bookings; ${outcome.skipped} skipped and refunded (no longer free)`
        : `Series accepted: ${outcome.created} bookings`;
  }

  await followUpCard(app, cardRefund);
  const wire = await seriesWireById(app.db, caller, row.id);
  await notifyUser(app, row.owner_id, {
    type: 'series-decision',
    message:
      decision === 'accepted'
        ? `${wire.provider.firstName} accepted your weekly ${serviceWord(row.service)} series. ${message}`
        : `${wire.provider.firstName} declined your weekly ${serviceWord(row.service)} series; everything paid was refunded`,
    data: { seriesId: row.id, decision },
  });
  return { wire, message };
}

async function acceptSeries(
  trx: DbOrTrx,
  row: SeriesRow,
  now: string,
): Promise<{ created: number; skipped: number; cardRefund: CardFollowUp }> {
  await lockSitter(trx, row.provider_id);
  if (
    !(await updateSeriesIfStatus(
      trx,
      row.id,
      'pending',
      { status: 'accepted', decided_at: now, updated_at: now },
      { decidable: true },
    ))
  )
    throw conflict('This series changed in the meantime; reload it and try again');
  const plan = parsePlan(row.occurrences);
  const asked = plan.filter((o) => !o.skipped);
  const shares = splitPayment(asked.length, row.occurrence_cents, row.credits_applied);
  const cal: CalendarData = (
    await loadCalendars(trx, [row.provider_id], seriesSpan(row.start_date))
  ).get(row.provider_id)!;
  let created = 0;
  let skippedCredits = 0;
  let skippedCard = 0;
  const nowMs = Date.parse(now);
  for (const [i, item] of asked.entries()) {
    const share = shares[i]!;
    const range = { start: new Date(item.start_at), end: new Date(item.end_at) };
    const problem =
      range.start.getTime() <= nowMs
        ? 'It had already started when the series was accepted'
        : (findConflict(cal, row.service, range)?.message ?? null);
    if (problem) {
      item.skipped = true;
      item.conflict = problem;
      skippedCredits += share.credits;
      skippedCard += share.card;
      continue;
    }
    const booking = occurrenceBooking(row, item, share, now);
    await insertBooking(trx, booking);
    if (share.card > 0)
      await insertCharge(trx, {
        booking_id: booking.id,
        payment_id: row.payment_id ?? '',
        state: 'paid',
        card_cents: share.card,
        card_refunded_cents: 0,
        checkout_url: null,
        created_at: now,
        updated_at: now,
      });
    await insertEvent(trx, newEvent(booking.id, row.owner_id, 'created', now, 'Weekly series'));
    await insertEvent(trx, newEvent(booking.id, row.provider_id, 'accepted', now));
    // Later occurrences are checked against this one too.
    cal.bookings.push({ id: booking.id, service: row.service, ...range });
    created++;
  }
  if (created === 0)
    throw conflict(
      'You are no longer free for any of these occurrences; decline the series instead',
    );
  const skipped = asked.filter((o) => o.skipped).length;
  await updateSeriesIfStatus(trx, row.id, 'accepted', {
    occurrences: JSON.stringify(plan),
    credits_refunded: skippedCredits,
    updated_at: now,
  });
  if (skippedCredits > 0)
    await refundCredits(
      trx,
      row.owner_id,
      skippedCredits,
      null,
      'Refund for skipped occurrences of a weekly series',
    );
  let cardRefund: CardFollowUp = null;
  if (skippedCard > 0 && row.payment_id && row.charge_state === 'paid') {
    if (await addSeriesCardRefundIfWithin(trx, row.id, skippedCard, now))
      cardRefund = { kind: 'refund', paymentId: row.payment_id, cents: skippedCard };
  }
  return { created, skipped, cardRefund };
}

function occurrenceBooking(
  row: SeriesRow,
  item: SeriesPlanItem,
  share: { credits: number; card: number },
  now: string,
): BookingRow {
  return {
    id: newId(),
    owner_id: row.owner_id,
    provider_id: row.provider_id,
    service: row.service,
    pets: row.pets,
    start_at: item.start_at,
    end_at: item.end_at,
    notes: row.notes,
    status: 'accepted',
    units: row.units,
    rate_cents: row.rate_cents,
    price_cents: row.occurrence_cents,
    currency: row.currency,
    credits_applied: share.credits,
    credits_refunded: 0,
    cancelled_by: null,
    completed_at: null,
    created_at: now,
    updated_at: now,
    series_id: row.id,
  };
}
