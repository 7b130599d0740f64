import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newUserRow } from '../../lib/user-row.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import * as repo from './auth.repository.ts';
import { isUniqueViolation } from '../../db/index.ts';

const input = z.object({
  email: z.string().trim().toLowerCase().email(),
  password: z.string().min(8).max(128),
});

/**
 * Creates the admin account, or brings an existing one's role and password in line. Whoever
 * held that email before (someone may have signed up with it first, hoping to be promoted) is
 * signed out everywhere whenever the account is promoted or its password reset; an admin whose
 * role and password already match keeps their sessions across restarts.
 */
export async function ensureAdmin(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<void> {
  const parsed = input.safeParse({ email, password });
  if (!parsed.success)
    throw new Error('Admin needs a valid email and a password of at least 8 characters');
  const existing = await repo.findUserByEmail(app.db, parsed.data.email);
  if (existing) {
    const inLine =
      existing.user_type === 'admin' &&
      existing.deleted_at === null &&
      (await verifyPassword(existing.password_hash, parsed.data.password));
    if (inLine) return;
    const passwordHash = await hashPassword(parsed.data.password);
    await app.db.transaction().execute(async (trx) => {
      await repo.promoteToAdmin(trx, existing.id, passwordHash);
      await repo.revokeUserSessionRows(trx, existing.id);
    });
    app.sessionCache.revokeUser(existing.id);
    app.log.warn('ADMIN_EMAIL named an existing account: promoted it and ended all its sessions');
    return;
  }
  try {
    await repo.insertUser(
      app.db,
      newUserRow({
        email: parsed.data.email,
        password_hash: await hashPassword(parsed.data.password),
        first_name: 'Pawsy',
        last_name: 'Admin',
        user_type: 'admin',
        email_verified: 1,
        is_verified: 1,
        kyc_verified: 1,
      }),
    );
  } catch (err) {
    // Created meanwhile (another start-up outside the start-up lock, a signup): bring it in line.
    if (!isUniqueViolation(err)) throw err;
    await ensureAdmin(app, email, password);
  }
}

/**
 * A server reachable from the network must not keep the demo admin's published password (a
 * database seeded earlier on loopback, now exposed): start-up stops and says what to do.
 */
export async function refuseDemoAdminPassword(
  app: FastifyInstance,
  demo: { email: string; password: string },
): Promise<void> {
  const admin = await repo.findUserByEmail(app.db, demo.email);
  if (!admin || admin.user_type !== 'admin' || admin.deleted_at !== null) return;
  if (await verifyPassword(admin.password_hash, demo.password)) {
    throw new Error(
      `The admin ${demo.email} still has the published demo password. Change it (npm run admin:create -- --email ${demo.email} --password …) or listen on a loopback HOST.`,
    );
  }
}
