/**
 * The crash run's cast, written straight into the database before the server starts: an admin,
 * owners (a pet, credits, a session each) and one sitter per owner, each pair with a booking in
 * progress (chat and check-ins happen on it). Sessions live in the database, so the tokens stay
 * valid across every restart.
 */
import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../apps/api/src/lib/ids.ts';
import { newUserRow } from '../../apps/api/src/lib/user-row.ts';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';

export type Party = { id: string; token: string };
export type Pair = {
  owner: Party & { petId: string };
  provider: Party;
  /** The pair's booking in progress. */
  bookingId: string;
  /** Price of a 2-hour walk with this sitter: what a booking paid fully in credits spends. */
  walkCents: number;
};
export type Cast = { admin: Party; pairs: Pair[] };

export const OWNER_CREDITS = 100_000_000;

async function user(app: FastifyInstance, type: 'user' | 'provider' | 'admin', n: number) {
  const row = newUserRow({
    email: `crash-${type}${n}@bench.test`,
    password_hash: 'not-a-real-hash',
    first_name: `${type}${n}`,
    last_name: 'Crash',
    phone: '+15550100',
    user_type: type,
    email_verified: 1,
    service_rates: type === 'provider' ? JSON.stringify({ 'dog-walking': 2000 + n * 10 }) : '{}',
    city: 'Austin',
  });
  await app.db.insertInto('users').values(row).execute();
  const { token } = await openSession(app, row, SESSION_TTL_MS);
  return { id: row.id, token };
}

export async function createCast(app: FastifyInstance, pairs: number, secret: string) {
  const cast: Cast = { admin: await user(app, 'admin', 0), pairs: [] };
  const now = nowIso();
  for (let n = 0; n < pairs; n += 1) {
    const owner = await user(app, 'user', n);
    const provider = await user(app, 'provider', n);
    const petId = newId();
    await app.db
      .insertInto('pets')
      .values({
        id: petId,
        user_id: owner.id,
        name: `Pet${n}`,
        species: 'dog',
        sex: 'unknown',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await app.db
      .insertInto('credit_entries')
      .values({
        id: newId(),
        user_id: owner.id,
        amount: OWNER_CREDITS,
        reason: 'crash bench',
        booking_id: null,
        created_at: now,
      })
      .execute();
    const bookingId = newId();
    await app.db
      .insertInto('bookings')
      .values({
        id: bookingId,
        owner_id: owner.id,
        provider_id: provider.id,
        service: 'dog-walking',
        pets: JSON.stringify([petId]),
        start_at: new Date(Date.now() - 3600_000).toISOString(),
        end_at: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
        notes: '',
        status: 'in-progress',
        units: null,
        rate_cents: null,
        price_cents: null,
        currency: null,
        credits_applied: 0,
        credits_refunded: 0,
        cancelled_by: null,
        completed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const start = Date.now() + 10 * 24 * 3600_000;
    const quote = await app.inject({
      method: 'POST',
      url: '/api/booking/quote',
      headers: { 'secret-key': secret, 'x-auth-token': owner.token },
      payload: {
        provider_id: provider.id,
        service: 'Dog walking',
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 2 * 3600_000).toISOString(),
      },
    });
    if (quote.statusCode !== 200) throw new Error(`quote: ${quote.statusCode} ${quote.body}`);
    cast.pairs.push({
      owner: { ...owner, petId },
      provider,
      bookingId,
      walkCents: (quote.json() as { data: { amountCents: number } }).data.amountCents,
    });
  }
  return cast;
}
