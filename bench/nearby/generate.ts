import type { FastifyInstance } from 'fastify';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import { newUserRow } from '../../apps/api/src/lib/user-row.ts';
import { rebuildProviderLocationIndex } from '../../apps/api/src/modules/sitters/index.ts';

/** Continental US, roughly. */
export const US = { minLat: 25, maxLat: 49, minLng: -124, maxLng: -67 };
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo'];
const LAST = ['Stone', 'Rivera', 'Kim', 'Nash', 'Ortiz', 'Patel', 'Quinn', 'Reyes', 'Shaw'];
const SERVICES = ['dog-walking', 'boarding', 'house-sitting', 'drop-in-visits', 'grooming'];

const between = (min: number, max: number) => min + Math.random() * (max - min);
const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * Inserts `count` providers with random coordinates straight into the database (batched, one
 * transaction), then fills the spatial index the same way the seeders do.
 */
export async function generateProviders(app: FastifyInstance, count: number): Promise<void> {
  const batch = 500;
  await app.db.transaction().execute(async (trx) => {
    for (let done = 0; done < count; done += batch) {
      const rows = [];
      for (let i = done; i < Math.min(count, done + batch); i++) {
        const created = new Date(Date.now() - i * 60_000).toISOString();
        const services = SERVICES.filter(() => Math.random() < 0.5);
        rows.push(
          newUserRow({
            email: `sitter${i}@bench.test`,
            password_hash: 'not-a-login',
            first_name: FIRST[i % FIRST.length]!,
            last_name: LAST[i % LAST.length]!,
            phone: '+1 555 0000',
            user_type: 'provider' as const,
            primary_services: JSON.stringify(services),
            service_rates: JSON.stringify(Object.fromEntries(services.map((s) => [s, 2000]))),
            pet_prefrences: '["Dogs"]',
            headline: 'Experienced, insured and fond of every pet',
            bio: 'Happy to send photos after every visit.',
            city: 'Somewhere',
            state: 'US',
            country: 'United States',
            email_verified: 1,
            is_verified: i % 3 === 0 ? 1 : 0,
            kyc_verified: i % 3 === 0 ? 1 : 0,
            latitude: round5(between(US.minLat, US.maxLat)),
            longitude: round5(between(US.minLng, US.maxLng)),
            created_at: created,
            updated_at: created,
          }),
        );
      }
      await trx.insertInto('users').values(rows).execute();
    }
    await rebuildProviderLocationIndex(trx);
  });
}

/** An owner with coordinates (Kansas City) and a session token for the load test. */
export async function createCaller(app: FastifyInstance): Promise<string> {
  const caller = newUserRow({
    email: 'caller@bench.test',
    password_hash: 'not-a-login',
    first_name: 'Casey',
    last_name: 'Caller',
    phone: '+1 555 0001',
    email_verified: 1,
    latitude: 39.0997,
    longitude: -94.5786,
  });
  await app.db.insertInto('users').values(caller).execute();
  return (await openSession(app, caller, SESSION_TTL_MS)).token;
}
