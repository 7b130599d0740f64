import type { FastifyInstance } from 'fastify';
import { openSession as openAuthSession, SESSION_TTL_MS } from '../../src/modules/auth/sessions.ts';
import { newUserRow } from '../../src/lib/user-row.ts';
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
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const row = newUserRow({
    email: `user${seq}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password_hash: await cachedHash,
    first_name: `First${seq}`,
    last_name: `Last${seq}`,
    phone: '+15550100',
    email_verified: 1,
    ...overrides,
  });
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

/** A real session (the auth module's own), as login would open it. */
export async function openSession(
  app: FastifyInstance,
  user: Pick<UsersTable, 'id' | 'email' | 'user_type'>,
): Promise<string> {
  return (await openAuthSession(app, user, SESSION_TTL_MS)).token;
}

/** A signed-in session for a user the demo seed created, found by email (it has no password). */
export async function demoSession(app: FastifyInstance, email: string): Promise<TestUser> {
  const row = await app.db
    .selectFrom('users')
    .select(['id', 'email', 'user_type'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    email,
    password: '',
    userType: row.user_type,
    token: await openSession(app, row),
  };
}
