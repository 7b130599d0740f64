import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { nowIso } from '../../lib/ids.ts';
import { newUserRow } from '../users/user-row.ts';
import { hashPassword } from '../../lib/passwords.ts';

const input = z.object({
  email: z.string().trim().toLowerCase().email(),
  password: z.string().min(8).max(128),
});

/** Creates the admin account, or brings an existing one's role and password in line. */
export async function ensureAdmin(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<void> {
  const parsed = input.safeParse({ email, password });
  if (!parsed.success)
    throw new Error('Admin needs a valid email and a password of at least 8 characters');
  const passwordHash = await hashPassword(parsed.data.password);
  const now = nowIso();
  const existing = await app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', parsed.data.email)
    .executeTakeFirst();
  if (existing) {
    await app.db
      .updateTable('users')
      .set({
        user_type: 'admin',
        password_hash: passwordHash,
        email_verified: 1,
        deleted_at: null,
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await app.db
    .insertInto('users')
    .values(
      newUserRow({
        email: parsed.data.email,
        password_hash: passwordHash,
        first_name: 'Pawsy',
        last_name: 'Admin',
        user_type: 'admin',
        email_verified: 1,
        is_verified: 1,
        kyc_verified: 1,
      }),
    )
    .execute();
}
