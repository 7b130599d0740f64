import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../apps/api/src/lib/ids.ts';
import { rebuildProviderLocationIndex } from '../../apps/api/src/modules/users/provider-locations.ts';

/** Continental US, roughly. */
export const US = { minLat: 25, maxLat: 49, minLng: -124, maxLng: -67 };
const FIRST = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo'];
const LAST = ['Stone', 'Rivera', 'Kim', 'Nash', 'Ortiz', 'Patel', 'Quinn', 'Reyes', 'Shaw'];
const SERVICES = ['dog walking', 'boarding', 'house sitting', 'drop-in visits', 'day care'];

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
        rows.push({
          id: newId(),
          email: `sitter${i}@bench.test`,
          password_hash: 'not-a-login',
          first_name: FIRST[i % FIRST.length]!,
          last_name: LAST[i % LAST.length]!,
          phone: '+1 555 0000',
          user_type: 'provider' as const,
          term: 1,
          primary_services: JSON.stringify(services),
          service_rates: JSON.stringify(Object.fromEntries(services.map((s) => [s, 2000]))),
          pet_prefrences: '["Dogs"]',
          headline: 'Experienced, insured and fond of every pet',
          bio: 'Happy to send photos after every visit.',
          city: 'Somewhere',
          state: 'US',
          country: 'United States',
          currency: 'USD',
          email_verified: 1,
          is_verified: i % 3 === 0 ? 1 : 0,
          kyc_verified: i % 3 === 0 ? 1 : 0,
          is_paid: 0,
          email_notification: 1,
          latitude: round5(between(US.minLat, US.maxLat)),
          longitude: round5(between(US.minLng, US.maxLng)),
          created_at: created,
          updated_at: created,
        });
      }
      await trx.insertInto('users').values(rows).execute();
    }
    await rebuildProviderLocationIndex(trx);
  });
}

/** An owner with coordinates (Kansas City) and a session token for the load test. */
export async function createCaller(app: FastifyInstance): Promise<string> {
  const id = newId();
  const now = nowIso();
  await app.db
    .insertInto('users')
    .values({
      id,
      email: 'caller@bench.test',
      password_hash: 'not-a-login',
      first_name: 'Casey',
      last_name: 'Caller',
      phone: '+1 555 0001',
      user_type: 'user',
      term: 1,
      primary_services: '[]',
      email_verified: 1,
      is_verified: 0,
      kyc_verified: 0,
      is_paid: 0,
      email_notification: 1,
      pet_prefrences: '[]',
      service_rates: '{}',
      currency: 'USD',
      latitude: 39.0997,
      longitude: -94.5786,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const sid = newId();
  const expires = new Date(Date.now() + 3600_000);
  await app.db
    .insertInto('sessions')
    .values({
      id: sid,
      user_id: id,
      created_at: now,
      expires_at: expires.toISOString(),
      revoked_at: null,
    })
    .execute();
  return app.tokens.sign({ id, email: 'caller@bench.test', userType: 'user', sid }, expires);
}
