import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../apps/api/src/lib/ids.ts';

export type Population = {
  owners: { id: string; token: string; petId: string }[];
  providers: string[];
};

function userRow(type: 'user' | 'provider', n: number, prefix = '') {
  const now = nowIso();
  return {
    id: newId(),
    email: `${prefix}${type}${n}@bench.test`,
    password_hash: 'not-a-real-hash',
    first_name: type === 'user' ? `Owner${n}` : `Sitter${n}`,
    last_name: 'Bench',
    phone: '+15550100',
    user_type: type,
    term: 1,
    primary_services: '[]',
    email_verified: 1,
    is_verified: 0,
    kyc_verified: 0,
    is_paid: 0,
    email_notification: 1,
    pet_prefrences: '[]',
    service_rates: type === 'provider' ? JSON.stringify({ 'Dog walking': 2000 + n * 10 }) : '{}',
    currency: 'USD',
    city: 'Austin',
    created_at: now,
    updated_at: now,
  };
}

async function token(app: FastifyInstance, id: string, email: string, userType: string) {
  const sid = newId();
  const expires = new Date(Date.now() + 24 * 3600_000);
  await app.db
    .insertInto('sessions')
    .values({
      id: sid,
      user_id: id,
      created_at: nowIso(),
      expires_at: expires.toISOString(),
      revoked_at: null,
    })
    .execute();
  return app.tokens.sign({ id, email, userType, sid }, expires);
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
