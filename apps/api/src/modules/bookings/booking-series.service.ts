import type { FastifyInstance } from 'fastify';
import { cardPartIssue, serviceLabel, type SeriesInput, type SeriesWire } from '@pawsy/contract';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findConflict, loadCalendars } from '../availability/index.ts';
import { startCheckout } from '../billing/index.ts';
import { getBalance, spendCredits } from '../credits/index.ts';
import { ownedPets } from '../pets/index.ts';
import { dropUnpaidSeries, notifySitterOfRequest } from './booking-series-payments.service.ts';
import { seriesWireById } from './booking-series-wires.service.ts';
import { insertSeries, setSeriesCheckout, type SeriesRow } from './booking-series.repository.ts';
import { toOccurrenceWire, type SeriesPlanItem } from './booking-series.mapper.ts';
import { planSeries, seriesSpan } from './booking-series.plan.ts';
import type { PartyRow } from './booking-parties.repository.ts';
import { assertTakesPets, loadProviderRate } from './bookings.service.ts';
import { quotePrice } from './pricing.ts';

/**
 * Recurring bookings: an owner asks a sitter for a weekly series as one request; the sitter
 * accepts or declines it as a whole. Accepting creates one booking per occurrence still free
 * (status accepted, `series_id` set), each then running through the usual state machine and
 * carrying its own share of the credits and card payment, so cancelling one follows the
 * single-booking policy. Occurrences that collide with the sitter's calendar are shown before
 * sending, and are refused (409) or skipped, never double-booked.
 *
 * Here the owner asks (preview, create). The sitter decides in booking-series-decision.service.ts,
 * either party cancels in booking-series-cancel.service.ts; the card, refunds and expiry are in
 * booking-series-payments.service.ts, reading in booking-series-wires.service.ts.
 */

const validation = (path: string, message: string) =>
  new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

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
  const owned = await ownedPets(app.db, caller.id, petIds);
  if (owned.length !== petIds.length) throw validation('pets', 'Choose pets from your own profile');
  const { provider, rateCents, rateSource } = await loadProviderRate(
    app.db,
    body.provider_id,
    body.service,
  );
  assertTakesPets(provider, owned);
  const cal = (await loadCalendars(app.db, [provider.id], seriesSpan(body.startDate))).get(
    provider.id,
  )!;
  const plan = planSeries(body, cal.timeZone);
  if (!plan.ok) throw validation(plan.path, plan.message);
  const first = plan.occurrences[0]!;
  const quote = quotePrice(
    body.service,
    first.start,
    first.end,
    rateCents,
    provider.currency,
    cal.timeZone,
  );
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
  const cardIssue = cardPartIssue(total, credits);
  // Said to the owner on the checkout screen as it is, naming the field in `errors`.
  if (cardIssue) throw badRequest(cardIssue, 'creditsToApply');
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
  return { wire: await seriesWireById(app.db, caller, row.id), checkoutUrl };
}
