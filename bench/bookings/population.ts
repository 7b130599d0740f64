import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../apps/api/src/lib/ids.ts';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import { newUserRow } from '../../apps/api/src/lib/user-row.ts';

export type Population = {
  owners: { id: string; token: string; petId: string }[];
  providers: string[];
};

function userRow(type: 'user' | 'provider', n: number, prefix = '') {
  return newUserRow({
    email: `${prefix}${type}${n}@bench.test`,
    password_hash: 'not-a-real-hash',
    first_name: type === 'user' ? `Owner${n}` : `Sitter${n}`,
    last_name: 'Bench',
    phone: '+15550100',
    user_type: type,
    email_verified: 1,
    service_rates: type === 'provider' ? JSON.stringify({ 'dog-walking': 2000 + n * 10 }) : '{}',
    city: 'Austin',
  });
}

async function token(
  app: FastifyInstance,
  id: string,
  email: string,
  userType: 'user' | 'provider',
) {
  return (await openSession(app, { id, email, user_type: userType }, SESSION_TTL_MS)).token;
}

/** Owners (each with a pet and a session) and sitters with a Dog walking rate, straight into the DB. */
export async function createPopulation(
  app: FastifyInstance,
  owners: number,
  providers: number,
  prefix = '',
): Promise<Population> {
  const pop: Population = { owners: [], providers: [] };
  for (let n = 0; n < providers; n += 1) {
    const row = userRow('provider', n, prefix);
    await app.db.insertInto('users').values(row).execute();
    pop.providers.push(row.id);
  }
  for (let n = 0; n < owners; n += 1) {
    const row = userRow('user', n, prefix);
    await app.db.insertInto('users').values(row).execute();
    const petId = newId();
    await app.db
      .insertInto('pets')
      .values({
        id: petId,
        user_id: row.id,
        name: `Pet${n}`,
        species: 'dog',
        sex: 'unknown',
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    pop.owners.push({ id: row.id, token: await token(app, row.id, row.email, 'user'), petId });
  }
  return pop;
}

/** 50 sitters apply to one open booking; the owner fires all acceptances at once over HTTP. */
export async function raceAccepts(app: FastifyInstance, base: string, secret: string, n: number) {
  const owner = (await createPopulation(app, 1, 0, 'race-')).owners[0]!;
  const ownerHeaders = {
    'secret-key': secret,
    'x-auth-token': owner.token,
    'content-type': 'application/json',
  };
  const start = Date.now() + 72 * 3600_000;
  const res = await fetch(`${base}/api/booking/`, {
    method: 'POST',
    headers: ownerHeaders,
    body: JSON.stringify({
      service: 'Dog walking',
      pets: [owner.petId],
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3600_000).toISOString(),
    }),
  });
  const bookingId = ((await res.json()) as { data: { _id: string } }).data._id;
  const sitters: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const row = { ...userRow('provider', 1000 + i), email: `race${i}@bench.test` };
    await app.db.insertInto('users').values(row).execute();
    const tok = await token(app, row.id, row.email, 'provider');
    const applied = await fetch(`${base}/api/booking/${bookingId}/send-request`, {
      method: 'POST',
      headers: { 'secret-key': secret, 'x-auth-token': tok },
    });
    if (applied.status !== 201) throw new Error(`apply answered ${applied.status}`);
    sitters.push(row.id);
  }
  const t0 = performance.now();
  const codes = await Promise.all(
    sitters.map(async (providerId) => {
      const r = await fetch(`${base}/api/booking/accept/${bookingId}`, {
        method: 'PUT',
        headers: ownerHeaders,
        body: JSON.stringify({ providerId, decision: 'accepted' }),
      });
      await r.arrayBuffer();
      return r.status;
    }),
  );
  const ms = Math.round(performance.now() - t0);
  const ok = codes.filter((c) => c === 200).length;
  const conflicts = codes.filter((c) => c === 409).length;
  return { ok, conflicts, others: codes.length - ok - conflicts, ms };
}
