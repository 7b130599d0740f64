import { normalizeService } from '@pawsy/contract';
import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids.ts';
import {
  insertBooking,
  insertBookingEvent,
  insertBookingRequest,
  quotePrice,
} from '../modules/bookings/index.ts';
import { sitterTimeZone } from '../modules/availability/index.ts';
import { insertCreditEntry } from '../modules/credits/index.ts';
import { listPetsByOwner } from '../modules/pets/index.ts';
import {
  blindEnd,
  insertReviewIfFirst,
  recomputeVisibleSubjects,
  revealPair,
} from '../modules/reviews/index.ts';
import { getUser } from '../modules/users/index.ts';
import { parseServiceRates } from '../lib/user-columns.ts';
import type { Seeder } from './index.ts';
import { at, BOOKINGS, DAY, GRANTS, HOUR, type DemoBooking } from './bookings.seed-data.ts';

export const bookingsSeeder: Seeder = {
  name: 'bookings',
  run: async (app, ctx) => {
    for (const [key, amount, reason] of GRANTS) {
      const userId = ctx.users[key];
      if (!userId) continue;
      await insertCreditEntry(app.db, {
        id: newId(),
        user_id: userId,
        amount,
        reason,
        booking_id: null,
        created_at: at(-40 * DAY),
      });
    }
    for (const demo of BOOKINGS) await seedBooking(app, ctx.users, demo);
  },
};

async function seedBooking(app: FastifyInstance, users: Record<string, string>, demo: DemoBooking) {
  const ownerId = users[demo.owner];
  const providerId = demo.provider ? users[demo.provider] : undefined;
  if (!ownerId || (demo.provider && !providerId)) return;
  const pets = await listPetsByOwner(app.db, ownerId);
  const start = new Date(Date.now() + demo.start);
  const end = new Date(start.getTime() + demo.hours * HOUR);
  let price = null;
  if (providerId) {
    const provider = await getUser(app.db, providerId);
    const service = normalizeService(demo.service);
    const rate = parseServiceRates(provider.service_rates)[service] ?? 2500;
    const timeZone = await sitterTimeZone(app.db, providerId);
    price = quotePrice(service, start, end, rate, provider.currency, timeZone);
  }
  const bookingId = newId();
  const last = demo.steps.at(-1)!;
  await insertBooking(app.db, {
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
  });
  for (const step of demo.steps) {
    await insertBookingEvent(app.db, {
      id: newId(),
      booking_id: bookingId,
      actor_id: step.by === 'owner' ? ownerId : (providerId ?? null),
      type: step.type,
      note: step.note ?? null,
      image_path: null,
      image_mime: null,
      created_at: at(step.offset),
    });
  }
  for (const r of demo.requests ?? []) {
    const pid = users[r.provider];
    if (!pid) continue;
    await insertBookingRequest(app.db, {
      id: newId(),
      booking_id: bookingId,
      provider_id: pid,
      initiated_by: r.by,
      state: r.state,
      created_at: at(demo.steps[0]!.offset + HOUR),
      updated_at: at(demo.steps[0]!.offset + HOUR),
    });
  }
  if (demo.credits) {
    await insertCreditEntry(app.db, {
      id: newId(),
      user_id: ownerId,
      amount: -demo.credits,
      reason: 'Applied to a booking',
      booking_id: bookingId,
      created_at: at(demo.steps[0]!.offset),
    });
  }
  const reviewedAt = at(last.offset + DAY);
  for (const review of demo.reviews ?? []) {
    if (!providerId) continue;
    const [author, subject] = review.by === 'owner' ? [ownerId, providerId] : [providerId, ownerId];
    // Each demo booking has at most one review per party, so this always inserts.
    await insertReviewIfFirst(app.db, {
      id: newId(),
      booking_id: bookingId,
      author_id: author,
      subject_id: subject,
      rating: review.rating,
      comment: review.comment,
      created_at: reviewedAt,
      visible_at: blindEnd(at(last.offset)),
      series_id: null,
    });
  }
  // Same visibility and rating-cache rules as a review written through the API.
  if (demo.reviews?.length) {
    await revealPair(app.db, { bookingId, seriesId: null }, reviewedAt);
    await recomputeVisibleSubjects(app.db, bookingId);
  }
}
