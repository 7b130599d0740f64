import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../src/lib/ids.ts';
import type { BookingsTable, UsersTable } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';
import { submitSandbox } from './checkout.ts';
import { createUser, type TestUser } from './factories.ts';
import type { Actors } from './permission-matrix.ts';

export type Owner = TestUser & { petIds: string[] };

export const RATES = { 'Dog walking': 2000, Boarding: 4500, 'Pet sitting': 3500 };

/**
 * One clock reading per test file: `hoursFromNow(5)` and `hoursFromNow(7)` are exactly 2 hours
 * apart (two readings a millisecond apart would be priced as 3 started hours).
 */
const anchor = Date.now();
export const hoursFromNow = (h: number) => new Date(anchor + h * 3600_000).toISOString();

/**
 * A bookings row to insert directly (tests of triggers, counters and plans, where how the row was
 * made does not matter): a 1-hour dog walk at $20, no credits, created and starting `at`.
 */
export function bookingRow(
  ownerId: string,
  fields: Partial<BookingsTable> & Pick<BookingsTable, 'status'>,
  at = nowIso(),
): BookingsTable {
  return {
    id: newId(),
    owner_id: ownerId,
    provider_id: null,
    service: 'dog-walking',
    pets: '[]',
    start_at: at,
    end_at: at,
    notes: '',
    units: 1,
    rate_cents: 2000,
    price_cents: 2000,
    currency: 'USD',
    credits_applied: 0,
    credits_refunded: 0,
    cancelled_by: null,
    completed_at: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

export async function insertPet(app: FastifyInstance, ownerId: string, name = 'Rex') {
  const now = nowIso();
  const id = newId();
  await app.db
    .insertInto('pets')
    .values({
      id,
      user_id: ownerId,
      name,
      species: 'dog',
      breed: null,
      age: null,
      weight: null,
      sex: 'unknown',
      care_notes: null,
      medical_notes: null,
      image_path: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function createOwner(
  app: FastifyInstance,
  overrides: Partial<UsersTable> = {},
): Promise<Owner> {
  const user = await createUser(app, { user_type: 'user', ...overrides });
  return {
    ...user,
    petIds: [await insertPet(app, user.id), await insertPet(app, user.id, 'Bella')],
  };
}

export function createProvider(
  app: FastifyInstance,
  rates: Record<string, number> = RATES,
  overrides: Partial<UsersTable> = {},
): Promise<TestUser> {
  return createUser(app, {
    user_type: 'provider',
    service_rates: JSON.stringify(rates),
    city: 'Lisbon',
    ...overrides,
  });
}

/** The signed-in actors of a permission matrix: two owners (with pets), two sitters, an admin. */
export async function createActors(
  app: FastifyInstance,
): Promise<Actors & { owner: Owner; 'another owner': Owner }> {
  return {
    owner: await createOwner(app),
    'another owner': await createOwner(app),
    provider: await createProvider(app),
    'another provider': await createProvider(app),
    admin: await createUser(app, { user_type: 'admin' }),
  };
}

/** An owner holding 100,000 credit cents, and a sitter (default rates) for them to book. */
export async function ownerAndSitter(
  app: FastifyInstance,
  sitterOverrides: Partial<UsersTable> = {},
): Promise<{ owner: Owner; sitter: TestUser }> {
  const owner = await createOwner(app);
  const sitter = await createProvider(app, RATES, sitterOverrides);
  await grant(app, owner.id, 100_000);
  return { owner, sitter };
}

let slot = 0;

/**
 * A 2-hour dog walk from 72 h ahead. Sitters' calendars are enforced (accepted walks may not
 * overlap), so when the caller sets neither date each body gets its own 2-hour slot after the
 * previous one; a body that sets one date keeps the other at its fixed default (72 h / 74 h).
 */
export function bookingBody(owner: Owner, extra: Record<string, unknown> = {}) {
  const ownDates = !('startDate' in extra) && !('endDate' in extra);
  return {
    service: 'Dog walking',
    pets: [owner.petIds[0]],
    ...walkDates(ownDates ? 72 + 2 * slot++ : 72),
    notes: 'Loves the park',
    ...extra,
  };
}

/**
 * The dates of a 2-hour walk starting `hoursAhead` from now. Both ends come from one clock
 * reading: two readings a millisecond apart make 2 h + 1 ms, priced as 3 started hours.
 */
export function walkDates(hoursAhead: number) {
  const from = Date.now() + hoursAhead * 3600_000;
  return {
    startDate: new Date(from).toISOString(),
    endDate: new Date(from + 2 * 3600_000).toISOString(),
  };
}

/** Creates a booking through the API; throws unless 201. */
export async function postBooking(t: TestApp, owner: Owner, extra: Record<string, unknown> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/booking/',
    token: owner.token,
    payload: bookingBody(owner, extra),
  });
  if (res.statusCode !== 201) throw new Error(`booking not created: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { _id: string; status: string; provider_id: string | null };
  // What credits leave is paid by card before the sitter sees the request: pay it in the sandbox.
  const { payment } = res.json().data as { payment: { status: string; checkoutUrl: string } };
  if (payment.status === 'awaiting') {
    const paid = await submitSandbox(t, payment.checkoutUrl, 'Pay');
    if (paid.statusCode >= 400)
      throw new Error(`checkout not paid: ${paid.statusCode} ${paid.body}`);
  }
  return data;
}

export async function call(
  t: TestApp,
  method: string,
  url: string,
  who: TestUser | null,
  payload?: unknown,
) {
  return t.call({
    method,
    url,
    ...(who ? { token: who.token } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** Grants credits straight into the ledger (the admin route is tested in credits.test.ts). */
export async function grant(app: FastifyInstance, userId: string, amount: number) {
  await app.db
    .insertInto('credit_entries')
    .values({
      id: newId(),
      user_id: userId,
      amount,
      reason: 'test grant',
      booking_id: null,
      created_at: nowIso(),
    })
    .execute();
}

export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body for app.inject: text fields plus optional files. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[] = [],
) {
  const boundary = `----pawsy${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Closes the app, lets the pool's sockets finish closing, then drops the database. pg-pool's
 * end() resolves before its clients' sockets are gone, and the helper's DROP DATABASE … FORCE
 * would then kill them mid-goodbye (an unhandled 57P01 under load).
 */
export async function closeApp(t: TestApp): Promise<void> {
  await t.app.close();
  await new Promise((resolve) => setTimeout(resolve, 150));
  await t.close();
}
