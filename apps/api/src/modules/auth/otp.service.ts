import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OneTimeCodesTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';

export type CodePurpose = OneTimeCodesTable['purpose'];

export const OTP_TTL_MINUTES = 10;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;

export const OTP_MESSAGES = {
  invalid: 'Invalid verification code',
  expired: 'This code has expired. Please request a new one.',
  used: 'This code has already been used. Please request a new one.',
  burnt: 'Too many wrong attempts. Please request a new code.',
} as const;

/**
 * Codes are stored as HMAC-SHA256 under the JWT secret, bound to the code's row, user and
 * purpose: a leaked table alone does not reveal them, and a hash cannot be replayed elsewhere.
 */
function hashCode(
  secret: string,
  row: { id: string; userId: string; purpose: string },
  code: string,
) {
  return createHmac('sha256', secret)
    .update(`${row.purpose}:${row.userId}:${row.id}:${code}`)
    .digest('hex');
}

function latestCode(app: FastifyInstance, userId: string, purpose: CodePurpose) {
  return app.db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Seconds until a new code may be sent; 0 when one may be sent now. */
export async function secondsUntilResend(
  app: FastifyInstance,
  userId: string,
  purpose: CodePurpose,
): Promise<number> {
  const last = await latestCode(app, userId, purpose);
  if (!last) return 0;
  const elapsedMs = Date.now() - Date.parse(last.created_at);
  return Math.max(0, Math.ceil((OTP_RESEND_SECONDS * 1000 - elapsedMs) / 1000));
}

/** Issues a fresh 6-digit code; only the newest code of a purpose is ever accepted. */
export async function issueCode(
  app: FastifyInstance,
  userId: string,
  purpose: CodePurpose,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = newId();
  const now = new Date();
  await app.db
    .insertInto('one_time_codes')
    .values({
      id,
      user_id: userId,
      purpose,
      code_hash: hashCode(app.config.jwtSecret, { id, userId, purpose }, code),
      attempts: 0,
      expires_at: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
      consumed_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return code;
}

/**
 * Checks and burns the newest code of `purpose`. Throws a 400 for a wrong, expired, used or
 * burnt code. Wrong tries count in the database; the consume is a conditional UPDATE, so two
 * racing requests cannot both use one code.
 */
export async function consumeCode(
  app: FastifyInstance,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  const row = await latestCode(app, userId, purpose);
  if (!row) throw new AppError('BAD_REQUEST', OTP_MESSAGES.invalid);
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(
    hashCode(app.config.jwtSecret, { id: row.id, userId, purpose }, code),
    'hex',
  );
  const matches = expected.length === given.length && timingSafeEqual(expected, given);

  if (row.consumed_at) {
    throw new AppError('BAD_REQUEST', matches ? OTP_MESSAGES.used : OTP_MESSAGES.invalid);
  }
  if (row.expires_at <= nowIso()) throw new AppError('BAD_REQUEST', OTP_MESSAGES.expired);

  // Every try takes one of the code's attempts first, atomically: parallel guesses cannot
  // exceed the limit, and after the last wrong try even the right code fails.
  const reserved = await app.db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(reserved.numUpdatedRows) !== 1) {
    throw new AppError('BAD_REQUEST', OTP_MESSAGES.burnt);
  }
  if (!matches) {
    const burnt = row.attempts + 1 >= OTP_MAX_ATTEMPTS;
    throw new AppError('BAD_REQUEST', burnt ? OTP_MESSAGES.burnt : OTP_MESSAGES.invalid);
  }

  const consumed = await app.db
    .updateTable('one_time_codes')
    .set({ consumed_at: nowIso() })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw new AppError('BAD_REQUEST', OTP_MESSAGES.used);
}
