import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { UsersTable } from '../../src/db/schema.ts';

export type TestUser = {
  id: string;
  email: string;
  password: string;
  token: string;
  userType: UsersTable['user_type'];
};

let seq = 0;
let cachedHash: Promise<string> | null = null;
export const DEFAULT_PASSWORD = 'Correct-Horse-42';

/** Inserts a user straight into the database and opens a session for it (no API round trip). */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<UsersTable> = {},
): Promise<TestUser> {
  seq += 1;
  const now = nowIso();
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const row: UsersTable = {
    id: newId(),
    email: `user${seq}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password_hash: await cachedHash,
    first_name: `First${seq}`,
    last_name: `Last${seq}`,
    phone: '+15550100',
    user_type: 'user',
    term: 1,
    primary_services: '[]',
    email_verified: 1,
    is_verified: 0,
    kyc_verified: 0,
    is_paid: 0,
    email_notification: 1,
    dob: null,
    emergency_phone: null,
    bio: null,
    headline: null,
    address: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    date_of_issue: null,
    date_of_expiry: null,
    document_type: null,
    preferred_location: null,
    pet_prefrences: '[]',
    service_rates: '{}',
    currency: 'USD',
    image_path: null,
    latitude: null,
    longitude: null,
    deleted_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await app.db.insertInto('users').values(row).execute();
  const token = await openSession(app, row);
  return {
    id: row.id,
    email: row.email,
    password: DEFAULT_PASSWORD,
    token,
    userType: row.user_type,
  };
}

export async function openSession(
  app: FastifyInstance,
  user: Pick<UsersTable, 'id' | 'email' | 'user_type'>,
): Promise<string> {
  const sid = newId();
  const expires = new Date(Date.now() + 24 * 3600_000);
  await app.db
    .insertInto('sessions')
    .values({
      id: sid,
      user_id: user.id,
      created_at: nowIso(),
      expires_at: expires.toISOString(),
      revoked_at: null,
    })
    .execute();
  return app.tokens.sign(
    { id: user.id, email: user.email, userType: user.user_type, sid },
    expires,
  );
}
