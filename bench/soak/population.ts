/**
 * The soak run's data, written before the server starts: the demo data (as `npm start` seeds
 * it), `bulk` generated sitters spread over the US, and the cast that drives the load — owner–sitter
 * pairs (bench/crash's: a pet, credits and a session each, a booking in progress to chat on), the
 * owners placed in Kansas City so that nearby answers in `nearby` mode; and each pair's history
 * (HISTORY), so that the lists the soak reads are full pages from its first minute rather than
 * filling up while it runs.
 */
import type { FastifyInstance } from 'fastify';
import { seedDemoData } from '../../apps/api/src/seed/index.ts';
import { rebuildProviderLocationIndex } from '../../apps/api/src/modules/sitters/index.ts';
import { newBookingEvent } from '../../apps/api/src/modules/bookings/index.ts';
import { newId } from '../../apps/api/src/lib/ids.ts';
import type {
  BookingEventsTable,
  BookingsTable,
  CreditEntriesTable,
} from '../../apps/api/src/db/schema.ts';
import { createCast, type Cast, type Pair } from '../crash/population.ts';
import { generateProviders } from '../nearby/generate.ts';

export type Population = { cast: Cast; bulk: number; users: number; bookings: number };

export async function populate(
  app: FastifyInstance,
  opts: { pairs: number; bulk: number; secret: string },
): Promise<Population> {
  await seedDemoData(app);
  await generateProviders(app, opts.bulk);
  const cast = await createCast(app, opts.pairs, opts.secret);
  const owners = cast.pairs.map((p) => p.owner.id);
  const sitters = cast.pairs.map((p) => p.provider.id);
  await app.db
    .updateTable('users')
    .set({ latitude: 39.0997, longitude: -94.5786, city: 'Kansas City' })
    .where('id', 'in', owners)
    .execute();
  // The cast's sitters live around the owners, so they show up in the owners' searches.
  for (const [i, id] of sitters.entries())
    await app.db
      .updateTable('users')
      .set({
        latitude: 39.0997 + (i % 7) * 0.01,
        longitude: -94.5786 + (i % 5) * 0.01,
        city: 'Kansas City',
        primary_services: JSON.stringify(['dog-walking']),
      })
      .where('id', '=', id)
      .execute();
  await rebuildProviderLocationIndex(app.db);
  await writeHistory(app, cast.pairs);
  const count = async (table: 'users' | 'bookings') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { cast, bulk: opts.bulk, users: await count('users'), bookings: await count('bookings') };
}

const DAY_MS = 86_400_000;
/**
 * Per pair: walks completed over the past weeks, and walks accepted for the weeks after the days
 * the soak books (it books from day 8, 3 hours apart: about day 12 after 10 minutes on the fastest
 * host measured), each with its events as the app writes them. 25 past ones fill the owner's first
 * page of bookings (20) and of conversations; 25 accepted ones the sitter's page of accepted
 * bookings, and put them in the next-free-dates horizon (60 days) of the sitter's card. Paid in
 * credits, as the soak's own bookings are, with the owner's ledger entries. With far fewer pairs
 * (`--pairs 20`) each pair's slots reach day 30 within a minute, and the requests that land on the
 * history's walks are refused (409, counted as errors).
 */
export const HISTORY = { past: 25, accepted: 25, acceptedFromDay: 30 };

async function writeHistory(app: FastifyInstance, pairs: readonly Pair[]): Promise<void> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  await app.db.transaction().execute(async (trx) => {
    for (const pair of pairs) {
      const bookings: BookingsTable[] = [];
      const events: BookingEventsTable[] = [];
      const spends: CreditEntriesTable[] = [];
      const walk = (start: number, created: number, done: boolean) => {
        const id = newId();
        bookings.push({
          id,
          owner_id: pair.owner.id,
          provider_id: pair.provider.id,
          service: 'dog-walking',
          pets: JSON.stringify([pair.owner.petId]),
          start_at: iso(start),
          end_at: iso(start + 2 * 3_600_000),
          notes: '',
          status: done ? 'completed' : 'accepted',
          units: 2,
          rate_cents: pair.walkCents / 2,
          price_cents: pair.walkCents,
          currency: 'usd',
          credits_applied: pair.walkCents,
          credits_refunded: 0,
          cancelled_by: null,
          completed_at: done ? iso(start + 2 * 3_600_000) : null,
          created_at: iso(created),
          updated_at: iso(done ? start + 2 * 3_600_000 : created + 3_600_000),
        });
        spends.push({
          id: newId(),
          user_id: pair.owner.id,
          amount: -pair.walkCents,
          reason: 'Applied to a booking',
          booking_id: id,
          created_at: iso(created),
        });
        const event = (actor: string, type: string, at: number) =>
          events.push(newBookingEvent(id, actor, type, iso(at)));
        event(pair.owner.id, 'created', created);
        event(pair.provider.id, 'accepted', created + 3_600_000);
        if (done) event(pair.provider.id, 'completed', start + 2 * 3_600_000);
      };
      for (let k = HISTORY.past; k >= 1; k -= 1) {
        const start = now - k * 2 * DAY_MS;
        walk(start, start - 3 * DAY_MS, true);
      }
      for (let k = 0; k < HISTORY.accepted; k += 1)
        walk(
          now + (HISTORY.acceptedFromDay + k) * DAY_MS,
          now - (HISTORY.accepted - k) * 3_600_000,
          false,
        );
      await trx.insertInto('bookings').values(bookings).execute();
      await trx.insertInto('booking_events').values(events).execute();
      await trx.insertInto('credit_entries').values(spends).execute();
    }
  });
}
