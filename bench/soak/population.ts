/**
 * The soak run's data, written before the server starts: the demo data (as `npm start` seeds
 * it), `bulk` generated sitters spread over the US, and the cast that drives the load — owner–sitter
 * pairs (bench/crash's: a pet, credits and a session each, a booking in progress to chat on), the
 * owners placed in Kansas City so that nearby answers in `nearby` mode.
 */
import type { FastifyInstance } from 'fastify';
import { seedDemoData } from '../../apps/api/src/seed/index.ts';
import { rebuildProviderLocationIndex } from '../../apps/api/src/modules/sitters/index.ts';
import { createCast, type Cast } from '../crash/population.ts';
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
