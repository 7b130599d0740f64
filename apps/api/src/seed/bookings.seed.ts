import { normalizeService } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import type { BookingsTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { quotePrice } from '../modules/bookings/pricing.ts';
import { recomputeVisibleSubjects } from '../modules/reviews/rating-cache.ts';
import { blindEnd, revealPair } from '../modules/reviews/reviews.repository.ts';
import { parseServiceRates } from '../modules/users/user-wire.ts';
import type { Seeder } from './index.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

type Step = { type: string; offset: number; by: 'owner' | 'provider'; note?: string };
type DemoBooking = {
  owner: string;
  provider?: string;
  service: string;
  start: number;
  hours: number;
  status: BookingsTable['status'];
  notes: string;
  credits?: number;
  steps: Step[];
  requests?: { provider: string; by: 'owner' | 'provider'; state: 'pending' | 'accepted' }[];
  reviews?: { by: 'owner' | 'provider'; rating: number; comment: string }[];
};

/** Bookings in every state between the demo owners and sitters of the same city. */
const BOOKINGS: DemoBooking[] = [
  {
    owner: 'olivia',
    provider: 'sam',
    service: 'Boarding',
    start: -24 * DAY,
    hours: 72,
    status: 'completed',
    notes: 'Biscuit needs two long walks a day; Mochi stays home with a neighbour.',
    steps: [
      { type: 'created', offset: -30 * DAY, by: 'owner' },
      { type: 'accepted', offset: -29 * DAY, by: 'provider' },
      {
        type: 'started',
        offset: -24 * DAY,
        by: 'provider',
        note: 'Biscuit settled in and already found the ball basket.',
      },
      {
        type: 'check-in',
        offset: -23 * DAY,
        by: 'provider',
        note: 'Morning walk by the lake, ate all of his salmon kibble.',
      },
      { type: 'completed', offset: -21 * DAY, by: 'provider', note: 'Back home, tired and happy.' },
    ],
    requests: [{ provider: 'sam', by: 'owner', state: 'accepted' }],
    reviews: [
      { by: 'owner', rating: 5, comment: 'Sam sent photos every day and Biscuit came home happy.' },
      { by: 'provider', rating: 5, comment: 'Clear instructions and a lovely, easy dog.' },
    ],
  },
  {
    owner: 'marcus',
    provider: 'leo',
    service: 'Dog walking',
    start: -20 * DAY,
    hours: 1,
    status: 'completed',
    notes: 'Juno pulls at first; the harness is by the door.',
    steps: [
      { type: 'created', offset: -22 * DAY, by: 'owner' },
      { type: 'accepted', offset: -21 * DAY, by: 'owner' },
      { type: 'started', offset: -20 * DAY, by: 'provider' },
      {
        type: 'completed',
        offset: -20 * DAY + HOUR,
        by: 'provider',
        note: 'A good hour in Washington Park.',
      },
    ],
    requests: [{ provider: 'leo', by: 'provider', state: 'accepted' }],
    reviews: [{ by: 'owner', rating: 4, comment: 'Reliable and on time. Juno likes him.' }],
  },
  {
    owner: 'priya',
    provider: 'jade',
    service: 'Pet sitting',
    start: -1 * DAY,
    hours: 72,
    status: 'in-progress',
    notes: 'Please water the plants too if you have a minute.',
    steps: [
      { type: 'created', offset: -6 * DAY, by: 'owner' },
      { type: 'accepted', offset: -5 * DAY, by: 'provider' },
      { type: 'started', offset: -1 * DAY, by: 'provider', note: 'Keys picked up, everyone fed.' },
      {
        type: 'check-in',
        offset: -2 * HOUR,
        by: 'provider',
        note: 'Evening check-in: all calm, plants watered.',
      },
    ],
    requests: [{ provider: 'jade', by: 'owner', state: 'accepted' }],
  },
  {
    owner: 'marcus',
    provider: 'hannah',
    service: 'Drop-in visits',
    start: 6 * DAY,
    hours: 1,
    status: 'accepted',
    notes: 'One visit to feed and play, the food is in the top cupboard.',
    credits: 1000,
    steps: [
      { type: 'created', offset: -2 * DAY, by: 'owner' },
      { type: 'accepted', offset: -1 * DAY, by: 'provider' },
    ],
    requests: [{ provider: 'hannah', by: 'owner', state: 'accepted' }],
  },
  {
    owner: 'marcus',
    provider: 'leo',
    service: 'Boarding',
    start: 10 * DAY,
    hours: 48,
    status: 'pending',
    notes: 'Weekend away; Juno can share with calm dogs.',
    steps: [{ type: 'created', offset: -3 * HOUR, by: 'owner' }],
    requests: [{ provider: 'leo', by: 'owner', state: 'pending' }],
  },
  {
    owner: 'priya',
    service: 'Dog walking',
    start: 4 * DAY,
    hours: 1,
    status: 'pending',
    notes: 'Looking for a midday walk while I am at a conference.',
    steps: [{ type: 'created', offset: -1 * DAY, by: 'owner' }],
    requests: [{ provider: 'omar', by: 'provider', state: 'pending' }],
  },
  {
    owner: 'olivia',
    service: 'Dog walking',
    start: 5 * DAY,
    hours: 2,
    status: 'pending',
    notes: 'Two-hour hike for Biscuit, he has plenty of energy.',
    steps: [{ type: 'created', offset: -5 * HOUR, by: 'owner' }],
    requests: [{ provider: 'sam', by: 'provider', state: 'pending' }],
  },
  {
    owner: 'olivia',
    provider: 'maya',
    service: 'Pet sitting',
    start: 12 * DAY,
    hours: 48,
    status: 'cancelled',
    notes: 'Trip to see family.',
    steps: [
      { type: 'created', offset: -4 * DAY, by: 'owner' },
      { type: 'accepted', offset: -3 * DAY, by: 'provider' },
      { type: 'cancelled', offset: -1 * DAY, by: 'owner', note: 'Trip postponed, sorry!' },
    ],
    requests: [{ provider: 'maya', by: 'owner', state: 'accepted' }],
  },
];

const GRANTS: [string, number, string][] = [
  ['olivia', 5000, 'Welcome credits'],
  ['marcus', 2500, 'Welcome credits'],
  ['priya', 1500, 'Referral bonus'],
];

export const bookingsSeeder: Seeder = {
  name: 'bookings',
  run: async (app, ctx) => {
    for (const [key, amount, reason] of GRANTS) {
      const userId = ctx.users[key];
      if (!userId) continue;
      await app.db
        .insertInto('credit_entries')
        .values({
          id: newId(),
          user_id: userId,
          amount,
          reason,
          booking_id: null,
          created_at: at(-40 * DAY),
        })
        .execute();
    }
    for (const demo of BOOKINGS) await seedBooking(app, ctx.users, demo);
  },
};

async function seedBooking(app: FastifyInstance, users: Record<string, string>, demo: DemoBooking) {
  const ownerId = users[demo.owner];
  const providerId = demo.provider ? users[demo.provider] : undefined;
  if (!ownerId || (demo.provider && !providerId)) return;
  const pets = await app.db
    .selectFrom('pets')
    .select('id')
    .where('user_id', '=', ownerId)
    .execute();
  const start = new Date(Date.now() + demo.start);
  const end = new Date(start.getTime() + demo.hours * HOUR);
  let price = null;
  if (providerId) {
    const provider = await app.db
      .selectFrom('users')
      .select(['service_rates', 'currency'])
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow();
    const service = normalizeService(demo.service);
    const rate = parseServiceRates(provider.service_rates)[service] ?? 2500;
    price = quotePrice(service, start, end, rate, provider.currency);
  }
  const bookingId = newId();
  const last = demo.steps.at(-1)!;
  await app.db
    .insertInto('bookings')
    .values({
      id: bookingId,
      owner_id: ownerId,
      provider_id: providerId ?? null,
      service: normalizeService(demo.service),
      pets: JSON.stringify(pets.map((p) => p.id).slice(0, 2)),
      start_at: start.toISOString(),
      end_at: end.toISOString(),
      notes: demo.notes,
      status: demo.status,
      units: price?.units ?? null,
      rate_cents: price?.rateCents ?? null,
      price_cents: price?.amountCents ?? null,
      currency: price?.currency ?? null,
      credits_applied: demo.credits ?? 0,
      credits_refunded: 0,
      cancelled_by: demo.status === 'cancelled' ? ownerId : null,
      completed_at: demo.status === 'completed' ? at(last.offset) : null,
      created_at: at(demo.steps[0]!.offset),
      updated_at: at(last.offset),
    })
    .execute();
  for (const step of demo.steps) {
    await app.db
      .insertInto('booking_events')
      .values({
        id: newId(),
        booking_id: bookingId,
        actor_id: step.by === 'owner' ? ownerId : (providerId ?? null),
        type: step.type,
        note: step.note ?? null,
        image_path: null,
        image_mime: null,
        created_at: at(step.offset),
      })
      .execute();
  }
  for (const r of demo.requests ?? []) {
    const pid = users[r.provider];
    if (!pid) continue;
    await app.db
      .insertInto('booking_requests')
      .values({
        id: newId(),
        booking_id: bookingId,
        provider_id: pid,
        initiated_by: r.by,
        state: r.state,
        created_at: at(demo.steps[0]!.offset + HOUR),
        updated_at: at(demo.steps[0]!.offset + HOUR),
      })
      .execute();
  }
  if (demo.credits) {
    await app.db
      .insertInto('credit_entries')
      .values({
        id: newId(),
        user_id: ownerId,
        amount: -demo.credits,
        reason: 'Applied to a booking',
        booking_id: bookingId,
        created_at: at(demo.steps[0]!.offset),
      })
      .execute();
  }
  const reviewedAt = at(last.offset + DAY);
  for (const review of demo.reviews ?? []) {
    if (!providerId) continue;
    const [author, subject] = review.by === 'owner' ? [ownerId, providerId] : [providerId, ownerId];
    await app.db
      .insertInto('reviews')
      .values({
        id: newId(),
        booking_id: bookingId,
        author_id: author,
        subject_id: subject,
        rating: review.rating,
        comment: review.comment,
        created_at: reviewedAt,
        visible_at: blindEnd(at(last.offset)),
      })
      .execute();
  }
  // Same visibility and rating-cache rules as a review written through the API.
  if (demo.reviews?.length) {
    await revealPair(app.db, bookingId, reviewedAt);
    await recomputeVisibleSubjects(app.db, bookingId);
  }
}
