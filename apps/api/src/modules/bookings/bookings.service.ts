import type { FastifyInstance } from 'fastify';
import {
  cardPartIssue,
  effectiveRates,
  serviceLabel,
  normalizeService,
  type BookingWire,
  type CreateBookingBody,
  type RateSource,
  serviceWord,
  takesSpecies,
} from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { assertSitterFree, sitterTimeZone, type Interval } from '../availability/index.ts';
import { getBalance, spendCredits } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { bookingMail } from './booking-reminder-notices.ts';
import { ownedPets } from '../pets/index.ts';
import { parseServiceRates, parseStringList } from '../../lib/user-columns.ts';
import { newEvent } from './booking-events.ts';
import { insertRequest } from './booking-requests.repository.ts';
import { holdForCard, openCardCheckout } from './booking-payments.service.ts';
import { writtenBookingWire } from './booking-wires.service.ts';
import type { ChargeRow } from './booking-charges.repository.ts';
import { insertBooking, insertEvent, type BookingRow } from './bookings.repository.ts';
import { findParties, type PartyRow } from './booking-parties.repository.ts';
import { checkDates, quotePrice, type Quote } from './pricing.ts';

const validation = (path: string, message: string) =>
  new AppError('VALIDATION', `${path}: ${message}`, [{ path, message }]);

export const fullName = (p: Pick<PartyRow, 'first_name' | 'last_name'>) =>
  `${p.first_name} ${p.last_name}`.trim();

/** The services a sitter offers and their price: own rates, or suggested ones for listed services. */
export const offeredRates = (p: Pick<PartyRow, 'primary_services' | 'service_rates'>) =>
  effectiveRates(parseStringList(p.primary_services), parseServiceRates(p.service_rates));

/**
 * An active sitter and their rate for `service` (their own, or the catalogue's suggested rate for
 * a service they list without one), or a 4xx saying why not.
 */
export async function loadProviderRate(
  db: DbOrTrx,
  providerId: string,
  service: string,
  field = 'provider_id',
): Promise<{ provider: PartyRow; rateCents: number; rateSource: RateSource }> {
  const [provider] = await findParties(db, [providerId]);
  return providerRate(provider, service, field);
}

type PetKind = { name: string; species: string };

/**
 * The first of these pets the sitter does not take (the contract's takesSpecies).
 */
export function refusedPet(
  provider: Pick<PartyRow, 'pet_prefrences'>,
  pets: readonly PetKind[],
): PetKind | undefined {
  const takes = parseStringList(provider.pet_prefrences);
  return pets.find((pet) => !takesSpecies(takes, pet.species));
}

/** 400 on `field` (the owner chose the sitter) naming the first pet the sitter does not take. */
export function assertTakesPets(
  provider: Pick<PartyRow, 'first_name' | 'pet_prefrences'>,
  pets: readonly PetKind[],
  field = 'pets',
): void {
  const refused = refusedPet(provider, pets);
  if (refused)
    throw validation(
      field,
      `${provider.first_name} does not take this kind of pet: ${refused.name} (${refused.species})`,
    );
}

/** loadProviderRate for a party row already read (undefined: no such user). */
function providerRate(
  provider: PartyRow | undefined,
  service: string,
  field = 'provider_id',
): { provider: PartyRow; rateCents: number; rateSource: RateSource } {
  // An account whose email was never confirmed cannot log in to answer (DESIGN §5).
  if (
    !provider ||
    provider.deleted_at ||
    provider.user_type !== 'provider' ||
    provider.email_verified !== 1
  )
    throw notFound('Sitter');
  const rates = offeredRates(provider);
  const key = normalizeService(service);
  // Own keys only: "toString" or "constructor" name no service, whatever every object inherits.
  const rate = Object.hasOwn(rates, key) ? rates[key] : undefined;
  if (!rate) throw validation(field, `This sitter does not offer "${serviceLabel(service)}"`);
  return { provider, rateCents: rate.cents, rateSource: rate.source };
}

function parseDates(startDate: string, endDate: string): { start: Date; end: Date } {
  const start = new Date(startDate);
  const end = new Date(endDate);
  const problem = checkDates(start, end);
  if (problem) throw validation(problem.field, problem.message);
  return { start, end };
}

/** The message a request to this sitter would be refused with (409), or null when they are free. */
async function calendarConflict(
  db: DbOrTrx,
  providerId: string,
  service: string,
  range: Interval,
  who: string,
): Promise<string | null> {
  try {
    await assertSitterFree(db, providerId, service, range, { who: { name: who } });
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return err.message;
    throw err;
  }
}

export async function quoteBooking(
  app: FastifyInstance,
  caller: AuthUser,
  body: { provider_id: string; service: string; startDate: string; endDate: string },
) {
  const { start, end } = parseDates(body.startDate, body.endDate);
  const { provider, rateCents, rateSource } = await loadProviderRate(
    app.db,
    body.provider_id,
    body.service,
  );
  const timeZone = await sitterTimeZone(app.db, provider.id);
  const quote = quotePrice(body.service, start, end, rateCents, provider.currency, timeZone);
  const [creditsBalance, busy] = await Promise.all([
    getBalance(app.db, caller.id),
    calendarConflict(app.db, provider.id, body.service, { start, end }, provider.first_name),
  ]);
  return {
    ...quote,
    rateSource,
    creditsBalance,
    maxCreditsApplicable: Math.max(0, Math.min(creditsBalance, quote.amountCents)),
    available: busy === null,
    ...(busy ? { conflict: busy } : {}),
  };
}

export async function createBooking(
  app: FastifyInstance,
  caller: AuthUser,
  body: CreateBookingBody & { notes: string; creditsToApply: number },
): Promise<BookingWire> {
  if (caller.userType !== 'user') throw forbidden('Only pet owners can create bookings');
  const { start, end } = parseDates(body.startDate, body.endDate);
  const petIds = [...new Set(body.pets)];
  const [owned, parties] = await Promise.all([
    ownedPets(app.db, caller.id, petIds),
    findParties(app.db, body.provider_id ? [caller.id, body.provider_id] : [caller.id]),
  ]);
  if (owned.length !== petIds.length) throw validation('pets', 'Choose pets from your own profile');
  const partyOf = (id: string) => parties.find((p) => p.id === id);

  let quote: Quote | null = null;
  let provider: PartyRow | null = null;
  if (body.provider_id) {
    const loaded = providerRate(partyOf(body.provider_id), body.service);
    provider = loaded.provider;
    assertTakesPets(provider, owned);
    // A request waits for the sitter's answer and occupies nothing, so no lock: the acceptance
    // re-checks under one. Here it only spares the owner a request the sitter cannot take.
    const who = { name: provider.first_name };
    const timeZone = await assertSitterFree(
      app.db,
      provider.id,
      body.service,
      { start, end },
      { who },
    );
    quote = quotePrice(body.service, start, end, loaded.rateCents, provider.currency, timeZone);
  }
  const credits = body.creditsToApply;
  if (credits > 0 && !quote)
    throw validation('creditsToApply', 'Credits can be applied only when a sitter is chosen');
  if (quote && credits > quote.amountCents)
    throw validation('creditsToApply', 'Cannot apply more credits than the price');
  const cardIssue = quote && cardPartIssue(quote.amountCents, credits);
  // Said to the owner on the checkout screen as it is, naming the field in `errors`.
  if (cardIssue) throw badRequest(cardIssue, 'creditsToApply');

  // What credits leave is paid by card before the request reaches the sitter.
  const cardCents = quote ? quote.amountCents - credits : 0;
  const now = nowIso();
  const row: BookingRow = {
    id: newId(),
    owner_id: caller.id,
    provider_id: provider?.id ?? null,
    service: body.service,
    pets: JSON.stringify(petIds),
    start_at: start.toISOString(),
    end_at: end.toISOString(),
    notes: body.notes,
    status: 'pending',
    units: quote?.units ?? null,
    rate_cents: quote?.rateCents ?? null,
    price_cents: quote?.amountCents ?? null,
    currency: quote?.currency ?? null,
    credits_applied: credits,
    credits_refunded: 0,
    cancelled_by: null,
    completed_at: null,
    created_at: now,
    updated_at: now,
  };
  // The checkout page first: a gateway that fails leaves nothing written.
  const card = cardCents > 0 ? await openCardCheckout(app, caller, row, cardCents) : null;
  const created = newEvent(row.id, caller.id, 'created', now);
  let charge: ChargeRow | null = null;
  try {
    await app.db.transaction().execute(async (trx) => {
      await insertBooking(trx, row);
      await insertEvent(trx, created);
      if (card) charge = await holdForCard(trx, row.id, cardCents, now, card);
      else if (provider) {
        await insertRequest(trx, {
          id: newId(),
          booking_id: row.id,
          provider_id: provider.id,
          initiated_by: 'owner',
          state: 'pending',
          created_at: now,
          updated_at: now,
        });
      }
      if (credits > 0) await spendCredits(trx, caller.id, credits, row.id);
    });
  } catch (err) {
    await card?.abandon();
    throw err;
  }
  // The answer is made from the rows just written (they are what a read would return).
  const owner = partyOf(caller.id);
  if (!owner) throw notFound('User');
  const wire = writtenBookingWire(row, {
    owner,
    provider,
    events: [created],
    charge,
  });
  if (provider && cardCents === 0) {
    await notifyUser(app, provider.id, {
      type: 'booking-request',
      message: `${wire.owner.firstName} asked you for ${serviceWord(row.service)}`,
      data: { bookingId: row.id },
      mail: bookingMail(row.id, 'New booking request', 'Answer the request'),
    });
  }
  return wire;
}
