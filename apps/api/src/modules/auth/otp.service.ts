import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/app-error.ts';
import { newSecretId, nowIso } from '../../lib/ids.ts';
import * as repo from './otp.repository.ts';
import type { AuthMailKind, CodePurpose } from './otp.repository.ts';

export type { AuthMailKind, CodePurpose };
export { expireCodes } from './otp.repository.ts';

export const OTP_TTL_MINUTES = 10;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Code tries one client address may make for one account and purpose in 24 h (rate-limits.ts):
 * a guesser on one address stops there, long before the account-wide cap below, so a stranger
 * who knows someone's email cannot shut that person's own reset or verification for the day.
 */
export const OTP_SOURCE_DAILY_TRIES = 20;
/**
 * Wrong codes per account and purpose in 24 h, from every address together, before that purpose
 * is shut for the day: a guesser spread over many addresses gets 100 guesses in a million a day.
 */
export const OTP_DAILY_FAILURE_CAP = 100;
const DAY_MS = 24 * 3600_000;

/**
 * The one answer to a code that does not work, whatever the reason (wrong, expired, used, burnt
 * by wrong tries, or the account's codes paused for the day) and for an unknown address alike:
 * a reason of its own would tell an attacker that the address holds an account (DESIGN §5).
 */
export const OTP_REJECTED =
  'This code is wrong or no longer valid. Check it, or request a new code.';

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

/**
 * The one per-recipient gate of every auth mail: whether a mail of this kind (a code of a
 * purpose, or the signup notice) may go to this account now, and if so the slot is taken: one
 * mail of a kind per OTP_RESEND_SECONDS, however many requests arrive at once, and no code while
 * the account is locked for the day. Callers skip the mail silently: the answers are alike for
 * every address (DESIGN §5), so a 429 there would tell that the address holds an account.
 */
export async function maySendMail(
  app: FastifyInstance,
  userId: string,
  kind: AuthMailKind,
): Promise<boolean> {
  if (kind !== 'signup-notice' && (await isLockedForDay(app, userId, kind))) return false;
  const now = Date.now();
  return repo.claimMailSlot(
    app.db,
    userId,
    kind,
    new Date(now).toISOString(),
    new Date(now - OTP_RESEND_SECONDS * 1000).toISOString(),
  );
}

/** Issues a fresh 6-digit code; only the newest code of a purpose is ever accepted. */
export async function issueCode(
  app: FastifyInstance,
  userId: string,
  purpose: CodePurpose,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = newSecretId();
  const now = new Date();
  await repo.insertCode(app.db, {
    id,
    user_id: userId,
    purpose,
    code_hash: hashCode(app.config.jwtSecret, { id, userId, purpose }, code),
    attempts: 0,
    expires_at: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000).toISOString(),
    consumed_at: null,
    created_at: now.toISOString(),
  });
  return code;
}

/**
 * Checks and burns the newest code of `purpose`. Throws the one 400 of `rejectCode` for a wrong,
 * expired, used or burnt code and while the account's codes are paused for the day. Wrong tries
 * count in the database; the consume is a conditional UPDATE, so two racing requests cannot both
 * use one code.
 */
export async function consumeCode(
  app: FastifyInstance,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  if (await isLockedForDay(app, userId, purpose)) throw rejectCode();
  const row = await repo.findLatestCode(app.db, userId, purpose);
  if (!row || row.consumed_at || row.expires_at <= nowIso()) throw rejectCode();

  // Every try takes one of the code's attempts first, atomically: parallel guesses cannot
  // exceed the limit, and after the last wrong try even the right code fails.
  if (!(await repo.takeAttemptIfAny(app.db, row.id, OTP_MAX_ATTEMPTS))) throw rejectCode();
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(
    hashCode(app.config.jwtSecret, { id: row.id, userId, purpose }, code),
    'hex',
  );
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw rejectCode();
  if (!(await repo.consumeIfUnused(app.db, row.id))) throw rejectCode();
}

/** The 400 every code that does not work gets, on the `otp` field. */
export const rejectCode = () => badRequest(OTP_REJECTED, 'otp');

/**
 * Whether wrong codes for this account and purpose reached the daily cap: five wrong tries per
 * code alone would let a patient guesser grind through a million codes over weeks.
 */
export async function isLockedForDay(
  app: FastifyInstance,
  userId: string,
  purpose: CodePurpose,
): Promise<boolean> {
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const failed = await repo.countFailedAttemptsSince(app.db, userId, purpose, since);
  return failed >= OTP_DAILY_FAILURE_CAP;
}
