import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids.ts';
import { addDays, loadCalendars, localParts, zonedToUtc } from '../modules/availability/index.ts';
import {
  insertBooking,
  insertBookingEvent,
  insertBookingSeries,
  quotePrice,
} from '../modules/bookings/index.ts';
import { listPetsByOwner } from '../modules/pets/index.ts';
import { getUser } from '../modules/users/index.ts';
import { parseServiceRates } from '../lib/user-columns.ts';
import type { Seeder } from './index.ts';

const DAY = 86_400_000;
const SERVICE = 'dog-walking';
const TIME = '08:00';
const MINUTES = 60;
/** Weeks before today the series began, and how many weekly walks it has in all. */
const WEEKS_AGO = 3;
const COUNT = 8;

/**
 * A weekly walk series in progress: Olivia asked Sam for an 08:00 walk every week, Sam accepted;
 * the past walks are completed, the rest upcoming (one may be under way when seeded). Written as
 * it stands, in Sam's calendar time zone, like the other demo bookings.
 */
export const bookingSeriesSeeder: Seeder = {
  name: 'booking-series',
  run: async (app, ctx) => {
    const ownerId = ctx.users.olivia;
    const providerId = ctx.users.sam;
    if (!ownerId || !providerId) return;
    await seedWalkSeries(app, ownerId, providerId);
  },
};

async function seedWalkSeries(app: FastifyInstance, ownerId: string, providerId: string) {
  const now = Date.now();
  const range = { start: new Date(now - 30 * DAY), end: new Date(now + 60 * DAY) };
  const timeZone = (await loadCalendars(app.db, [providerId], range)).get(providerId)!.timeZone;
  const startDate = addDays(localParts(now, timeZone).date, -7 * WEEKS_AGO);
  const weekday = new Date(`${startDate}T00:00:00Z`).getUTCDay();
  const minute = Number(TIME.slice(0, 2)) * 60 + Number(TIME.slice(3));
  const plan = Array.from({ length: COUNT }, (_, i) => {
    const date = addDays(startDate, 7 * i);
    const start = zonedToUtc(date, minute, timeZone);
    return { date, start, end: new Date(start.getTime() + MINUTES * 60_000) };
  });
  const provider = await getUser(app.db, providerId);
  const rate = parseServiceRates(provider.service_rates)[SERVICE] ?? 2500;
  const quote = quotePrice(
    SERVICE,
    plan[0]!.start,
    plan[0]!.end,
    rate,
    provider.currency,
    timeZone,
  );
  const pets = JSON.stringify(
    (await listPetsByOwner(app.db, ownerId)).map((p) => p.id).slice(0, 1),
  );
  // Asked well ahead of the first walk (older than the other demo bookings of Olivia).
  const createdAt = new Date(plan[0]!.start.getTime() - 12 * DAY).toISOString();
  const decidedAt = new Date(plan[0]!.start.getTime() - 11 * DAY).toISOString();
  const seriesId = newId();
  await insertBookingSeries(app.db, {
    id: seriesId,
    owner_id: ownerId,
    provider_id: providerId,
    service: SERVICE,
    pets,
    weekdays: JSON.stringify([weekday]),
    time: TIME,
    duration_minutes: MINUTES,
    time_zone: timeZone,
    start_date: startDate,
    end_date: plan.at(-1)!.date,
    first_start_at: plan[0]!.start.toISOString(),
    occurrences: JSON.stringify(
      plan.map((o) => ({
        date: o.date,
        start_at: o.start.toISOString(),
        end_at: o.end.toISOString(),
        conflict: null,
        skipped: false,
      })),
    ),
    notes: 'Morning walk around the park; Biscuit pulls a little at first.',
    status: 'accepted',
    units: quote.units,
    rate_cents: quote.rateCents,
    occurrence_cents: quote.amountCents,
    price_cents: quote.amountCents * COUNT,
    currency: quote.currency,
    credits_applied: 0,
    credits_refunded: 0,
    charge_state: 'none',
    card_cents: 0,
    card_refunded_cents: 0,
    payment_id: null,
    checkout_url: null,
    decided_at: decidedAt,
    created_at: createdAt,
    updated_at: decidedAt,
  });
  for (const o of plan) {
    const status =
      o.end.getTime() <= now ? 'completed' : o.start.getTime() <= now ? 'in-progress' : 'accepted';
    const bookingId = newId();
    const doneAt = o.end.toISOString();
    await insertBooking(app.db, {
      id: bookingId,
      owner_id: ownerId,
      provider_id: providerId,
      service: SERVICE,
      pets,
      start_at: o.start.toISOString(),
      end_at: o.end.toISOString(),
      notes: 'Weekly walk',
      status,
      units: quote.units,
      rate_cents: quote.rateCents,
      price_cents: quote.amountCents,
      currency: quote.currency,
      credits_applied: 0,
      credits_refunded: 0,
      cancelled_by: null,
      completed_at: status === 'completed' ? doneAt : null,
      created_at: decidedAt,
      updated_at: status === 'completed' ? doneAt : decidedAt,
      series_id: seriesId,
    });
    const events: [string, string, string][] = [
      ['created', ownerId, createdAt],
      ['accepted', providerId, decidedAt],
    ];
    if (status !== 'accepted') events.push(['started', providerId, o.start.toISOString()]);
    if (status === 'completed') events.push(['completed', providerId, doneAt]);
    for (const [type, actor, at] of events)
      await insertBookingEvent(app.db, {
        id: newId(),
        booking_id: bookingId,
        actor_id: actor,
        type,
        note: type === 'completed' ? 'Good walk, lots of sniffing' : null,
        image_path: null,
        image_mime: null,
        created_at: at,
      });
  }
}
