import type { FastifyInstance } from 'fastify';
import {
  MAX_SERIES_WEEKS,
  serviceLabel,
  type SeriesInput,
  type SeriesStatus,
  type SeriesWire,
} from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  findConflict,
  loadCalendars,
  lockSitter,
  type CalendarData,
  type Interval,
} from '../availability/index.ts';
import { refundPayment, startCheckout, type PaymentRow } from '../billing/index.ts';
import { getBalance, refundCredits, spendCredits } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { ownedPetIds } from '../pets/index.ts';
import { insertCharge } from './booking-charges.repository.ts';
import { refundCard, settleCardOnCancel } from './booking-refunds.service.ts';
import {
  addSeriesCardRefundIfWithin,
  findBookingsOfSeries,
  findSeries,
  findSeriesBookings,
  findStalePendingSeries,
  insertSeries,
  listSeriesOf,
  setSeriesCheckout,
  settleSeriesChargeIfAwaiting,
  updateSeriesIfStatus,
  type SeriesRow,
} from './booking-series.repository.ts';
import {
  parsePlan,
  toOccurrenceWire,
  toSeriesWire,
  type SeriesPlanItem,
} from './booking-series.mapper.ts';
import { planSeries, splitPayment } from './booking-series.plan.ts';
import { actorFor, checkTransition } from './booking-state.ts';
import { loadProviderCards } from './booking-wires.service.ts';
import { missingCard, toUserCard } from './bookings.mapper.ts';
import {
  findBooking,
  findParties,
  insertBooking,
  insertEvent,
  updateIfStatus,
  type BookingRow,
  type PartyRow,
} from './bookings.repository.ts';
import { loadProviderRate } from './bookings.service.ts';
import { quotePrice, refundOnCancel } from './pricing.ts';

/**
 * Recurring bookings: an owner asks a sitter for a weekly series as one request; the sitter
 * accepts or declines it as a whole. Accepting creates one booking per occurrence still free
 * (status accepted, `series_id` set), each then running through the usual state machine and
 * carrying its own share of the credits and card payment, so cancelling one follows the
 * single-booking policy. Occurrences that collide with the sitter's calendar are shown before
 * sending, and are refused (409) or skipped, never double-booked.
 */

const DAY_MS = 86_400_000;
type CardRefund = { paymentId: string; cents: number } | null;

const validation = (path: string, message: string) =>
  new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

const label = (service: string) => serviceLabel(service).toLowerCase();

/** The span any occurrence of a series starting on `startDate` can touch, whatever the zone. */
function seriesSpan(startDate: string): Interval {
  const start = Date.parse(`${startDate}T00:00:00Z`) - 2 * DAY_MS;
  return { start: new Date(start), end: new Date(start + (MAX_SERIES_WEEKS * 7 + 5) * DAY_MS) };
}

type Prepared = {
  provider: PartyRow;
  rateCents: number;
  rateSource: 'sitter' | 'suggested';
  timeZone: string;
  occurrences: SeriesPlanItem[];
  units: number;
  unitLabel: 'night' | 'hour';
  occurrenceCents: number;
  currency: string;
};

/** Who may ask, for which pets and sitter; the occurrences checked against the calendar. */
async function prepare(
  app: FastifyInstance,
  caller: AuthUser,
  body: SeriesInput,
): Promise<Prepared> {
  if (caller.userType !== 'user') throw forbidden('Only pet owners can book a series');
  const petIds = [...new Set(body.pets)];
  const owned = await ownedPetIds(app.db, caller.id, petIds);
  if (owned.length !== petIds.length) throw validation('pets', 'Choose pets from your own profile');
  const { provider, rateCents, rateSource } = await loadProviderRate(
    app.db,
    body.provider_id,
    body.service,
  );
  const cal = (await loadCalendars(app.db, [provider.id], seriesSpan(body.startDate))).get(
    provider.id,
  )!;
  const plan = planSeries(body, cal.timeZone);
  if (!plan.ok) throw validation(plan.path, plan.message);
  const first = plan.occurrences[0]!;
  const quote = quotePrice(body.service, first.start, first.end, rateCents, provider.currency);
  return {
    provider,
    rateCents,
    rateSource,
    timeZone: cal.timeZone,
    occurrences: plan.occurrences.map((o) => ({
      date: o.date,
      start_at: o.start.toISOString(),
      end_at: o.end.toISOString(),
      conflict: findConflict(cal, body.service, o)?.message ?? null,
      skipped: false,
    })),
    units: quote.units,
    unitLabel: quote.unitLabel,
    occurrenceCents: quote.amountCents,
    currency: quote.currency,
  };
}

/** POST /booking/series/preview: the occurrences, their conflicts and the price of the free ones. */
export async function previewSeries(app: FastifyInstance, caller: AuthUser, body: SeriesInput) {
  const p = await prepare(app, caller, body);
  const free = p.occurrences.filter((o) => o.conflict === null).length;
  return {
    timeZone: p.timeZone,
    occurrences: p.occurrences.map((o) => toOccurrenceWire(o, undefined)),
    rateCents: p.rateCents,
    rateSource: p.rateSource,
    unitsPerOccurrence: p.units,
    unitLabel: p.unitLabel,
    occurrenceCents: p.occurrenceCents,
    totalCents: p.occurrenceCents * free,
    currency: p.currency,
    creditsBalance: await getBalance(app.db, caller.id),
  };
}

/**
 * POST /booking/series: one pending request for the whole series. Credits are spent now; what
 * they leave is paid by card before the sitter is asked (as for single bookings).
 */
export async function createSeries(
  app: FastifyInstance,
  caller: AuthUser,
  body: SeriesInput,
): Promise<{ wire: SeriesWire; checkoutUrl: string | null }> {
  const p = await prepare(app, caller, body);
  const busy = p.occurrences.filter((o) => o.conflict !== null);
  if (busy.length > 0 && !body.skipConflicts)
    throw conflict(
      `${busy.length} of ${p.occurrences.length} occurrences collide with the sitter's calendar: ${busy[0]!.date}: ${busy[0]!.conflict}`,
      { occurrences: p.occurrences.map((o) => toOccurrenceWire(o, undefined)) },
    );
  if (busy.length === p.occurrences.length)
    throw conflict('The sitter is not free for any of these occurrences', {
      occurrences: p.occurrences.map((o) => toOccurrenceWire(o, undefined)),
    });
  const occurrences = p.occurrences.map((o) => ({ ...o, skipped: o.conflict !== null }));
  const total = p.occurrenceCents * (occurrences.length - busy.length);
  const credits = body.creditsToApply;
  if (credits > total)
    throw validation('creditsToApply', 'Cannot apply more credits than the price');
  const cardCents = total - credits;
  const now = nowIso();
  const row: SeriesRow = {
    id: newId(),
    owner_id: caller.id,
    provider_id: p.provider.id,
    service: body.service,
    pets: JSON.stringify([...new Set(body.pets)]),
    weekdays: JSON.stringify(body.weekdays),
    time: body.time,
    duration_minutes: body.durationMinutes,
    time_zone: p.timeZone,
    start_date: body.startDate,
    end_date: occurrences.at(-1)!.date,
    first_start_at: occurrences.find((o) => !o.skipped)!.start_at,
    occurrences: JSON.stringify(occurrences),
    notes: body.notes,
    status: 'pending',
    units: p.units,
    rate_cents: p.rateCents,
    occurrence_cents: p.occurrenceCents,
    price_cents: total,
    currency: p.currency,
    credits_applied: credits,
    credits_refunded: 0,
    charge_state: cardCents > 0 ? 'awaiting' : 'none',
    card_cents: cardCents,
    card_refunded_cents: 0,
    payment_id: null,
    checkout_url: null,
    decided_at: null,
    created_at: now,
    updated_at: now,
  };
  await app.db.transaction().execute(async (trx) => {
    await insertSeries(trx, row);
    if (credits > 0)
      await spendCredits(trx, caller.id, credits, null, 'Applied to a weekly booking series');
  });
  let checkoutUrl: string | null = null;
  if (cardCents > 0) {
    try {
      const { paymentId, url } = await startCheckout(app, {
        userId: caller.id,
        email: caller.email,
        kind: 'booking',
        referenceId: row.id,
        amountCents: cardCents,
        description: `${serviceLabel(row.service)} weekly series`,
        successPath: `/bookings?series=${row.id}&payment=success`,
        cancelPath: `/bookings?series=${row.id}&payment=cancelled`,
      });
      await setSeriesCheckout(app.db, row.id, paymentId, url);
      checkoutUrl = url;
    } catch (err) {
      await app.db.transaction().execute((trx) => dropUnpaidSeries(trx, row.id, nowIso()));
      throw err;
    }
  } else {
    await notifySitterOfRequest(app, row);
  }
  return { wire: await seriesWireById(app.db, row.id), checkoutUrl };
}

async function notifySitterOfRequest(app: FastifyInstance, row: SeriesRow): Promise<void> {
  const [owner] = await findParties(app.db, [row.owner_id]);
  const count = parsePlan(row.occurrences).filter((o) => !o.skipped).length;
  await notifyUser(app, row.provider_id, {
    type: 'series-request',
    message: `${owner?.first_name ?? 'An owner'} asked you for a weekly ${label(row.service)} series (${count} visits)`,
    data: { seriesId: row.id },
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Owner and admins always; the sitter once the card part is paid (or none was due). */
function canViewSeries(row: SeriesRow, user: AuthUser): boolean {
  if (user.userType === 'admin' || row.owner_id === user.id) return true;
  return row.provider_id === user.id && sitterSees(row);
}
const sitterSees = (row: SeriesRow) => row.charge_state === 'none' || row.charge_state === 'paid';

async function loadVisibleSeries(db: DbOrTrx, user: AuthUser, id: string): Promise<SeriesRow> {
  const row = await findSeries(db, id);
  if (!row || !canViewSeries(row, user)) throw notFound('Series');
  return row;
}

export async function loadSeriesWires(
  db: DbOrTrx,
  rows: readonly SeriesRow[],
): Promise<SeriesWire[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [owners, providers, bookings] = await Promise.all([
    findParties(
      db,
      rows.map((r) => r.owner_id),
    ),
    loadProviderCards(
      db,
      rows.map((r) => r.provider_id),
    ),
    findBookingsOfSeries(db, ids),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  return rows.map((row) => {
    const owner = ownerById.get(row.owner_id);
    return toSeriesWire(row, {
      owner: owner ? toUserCard(owner) : missingCard(row.owner_id),
      provider: providers.get(row.provider_id) ?? {
        ...missingCard(row.provider_id),
        city: null,
        rating: null,
        reviewsCount: 0,
      },
      bookings: bookings.filter((b) => b.series_id === row.id),
    });
  });
}

async function seriesWireById(db: DbOrTrx, id: string): Promise<SeriesWire> {
  const row = await findSeries(db, id);
  if (!row) throw notFound('Series');
  return (await loadSeriesWires(db, [row]))[0]!;
}

export async function getSeries(app: FastifyInstance, caller: AuthUser, id: string) {
  const row = await loadVisibleSeries(app.db, caller, id);
  return (await loadSeriesWires(app.db, [row]))[0]!;
}

/** GET /booking/series: the caller's series as owner (default for owners) or as sitter. */
export async function listSeries(
  app: FastifyInstance,
  caller: AuthUser,
  query: { role?: 'owner' | 'provider' | undefined; status?: SeriesStatus | undefined },
): Promise<SeriesWire[]> {
  const role = query.role ?? (caller.userType === 'provider' ? 'provider' : 'owner');
  if (role === 'provider' && caller.userType !== 'provider')
    throw forbidden('Only sitters have series as a sitter');
  const rows = await listSeriesOf(
    app.db,
    role === 'owner'
      ? { ownerId: caller.id, status: query.status }
      : { providerId: caller.id, status: query.status, sitterVisible: true },
  );
  return loadSeriesWires(app.db, rows);
}

// ---------------------------------------------------------------------------------------------
// Decision

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
  let cardRefund: CardRefund = null;

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

  await refundCard(app, cardRefund);
  const wire = await seriesWireById(app.db, row.id);
  await notifyUser(app, row.owner_id, {
    type: 'series-decision',
    message:
      decision === 'accepted'
        ? `${wire.provider.firstName} accepted your weekly ${label(row.service)} series. ${message}`
        : `${wire.provider.firstName} declined your weekly ${label(row.service)} series; everything paid was refunded`,
    data: { seriesId: row.id, decision },
  });
  return { wire, message };
}

async function acceptSeries(
  trx: DbOrTrx,
  row: SeriesRow,
  now: string,
): Promise<{ created: number; skipped: number; cardRefund: CardRefund }> {
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
    await insertEvent(trx, event(booking.id, row.owner_id, 'created', now, 'Weekly series'));
    await insertEvent(trx, event(booking.id, row.provider_id, 'accepted', now, null));
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
  let cardRefund: CardRefund = null;
  if (skippedCard > 0 && row.payment_id && row.charge_state === 'paid') {
    if (await addSeriesCardRefundIfWithin(trx, row.id, skippedCard, now))
      cardRefund = { paymentId: row.payment_id, cents: skippedCard };
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

/**
 * A pending series ends without running (declined, cancelled, expired): `to` is set only while it
 * is still pending (false otherwise), and everything paid goes back — credits now, the card after
 * the commit (the returned refund), or an unpaid checkout is closed.
 */
async function endPendingSeries(
  trx: DbOrTrx,
  row: SeriesRow,
  to: 'declined' | 'cancelled' | 'expired',
  now: string,
): Promise<{ ended: boolean; refund: CardRefund }> {
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
    return { ended, refund: null };
  const current = await findSeries(trx, row.id);
  if (current?.charge_state !== 'paid' || !current.payment_id) return { ended, refund: null };
  const cents = current.card_cents - current.card_refunded_cents;
  if (cents <= 0 || !(await addSeriesCardRefundIfWithin(trx, row.id, cents, now)))
    return { ended, refund: null };
  return { ended, refund: { paymentId: current.payment_id, cents } };
}

// ---------------------------------------------------------------------------------------------
// Cancelling

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
  const refunds: CardRefund[] = [];
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
  } else if (row.status !== 'accepted') {
    throw conflict(`This series is already ${row.status}`);
  } else if (body.scope === 'occurrence') {
    const booking = await findBooking(app.db, body.bookingId!);
    if (!booking || booking.series_id !== row.id) throw notFound('Occurrence');
    const check = checkTransition(booking.status, 'cancelled', actorFor(booking, caller));
    if (!check.ok) throw conflict(check.reason);
    await app.db.transaction().execute(async (trx) => {
      refunds.push(await cancelOccurrence(trx, booking, by, caller.id, now));
    });
    message = `Occurrence of ${booking.start_at.slice(0, 10)} cancelled`;
  } else {
    const open = (await findSeriesBookings(app.db, row.id)).filter((b) => b.status === 'accepted');
    if (open.length === 0) throw conflict('No occurrence of this series is left to cancel');
    await app.db.transaction().execute(async (trx) => {
      for (const booking of open)
        refunds.push(await cancelOccurrence(trx, booking, by, caller.id, now));
      await updateSeriesIfStatus(trx, row.id, 'accepted', { status: 'cancelled', updated_at: now });
    });
    message = `Series cancelled: ${open.length} upcoming occurrence${open.length === 1 ? '' : 's'} cancelled`;
  }

  for (const refund of refunds) await refundCard(app, refund);
  const wire = await seriesWireById(app.db, row.id);
  const other = by === 'owner' ? row.provider_id : row.owner_id;
  if (by === 'provider' || sitterSees(row))
    await notifyUser(app, other, {
      type: 'series-cancelled',
      message: `${by === 'owner' ? wire.owner.firstName : wire.provider.firstName}: ${message} (weekly ${label(row.service)} series)`,
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
): Promise<CardRefund> {
  const policy = (paid: number) =>
    refundOnCancel({
      creditsApplied: paid,
      startAt: new Date(booking.start_at),
      now: new Date(now),
      cancelledBy: by,
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
  await insertEvent(trx, event(booking.id, callerId, 'cancelled', now, null));
  return card.refund;
}

// ---------------------------------------------------------------------------------------------
// Payment and expiry

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
async function dropUnpaidSeries(trx: DbOrTrx, id: string, now: string): Promise<void> {
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
    await refundCard(app, end.refund);
    await notifyUser(app, row.owner_id, {
      type: 'series-expired',
      message: `Your weekly ${label(row.service)} series expired unanswered; everything paid was refunded`,
      data: { seriesId: row.id },
    });
  }
  return expired;
}

function event(bookingId: string, actorId: string, type: string, at: string, note: string | null) {
  return {
    id: newId(),
    booking_id: bookingId,
    actor_id: actorId,
    type,
    note,
    image_path: null,
    image_mime: null,
    created_at: at,
  };
}
