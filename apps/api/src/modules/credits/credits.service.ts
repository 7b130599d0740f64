import type { FastifyInstance } from 'fastify';
import { CREDITS_FOR_OWNERS, type CreditEntryWire } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import type { CreditEntriesTable } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAdminAction } from '../audit/index.ts';
import { notifyUser } from '../notifications/index.ts';
import {
  findHolder,
  insertEntry,
  listEntries,
  lockUserLedger,
  sumBalance,
} from './credits.repository.ts';

export const CREDITS_CURRENCY = 'USD' as const;
const ENTRIES_SHOWN = 100;

export function toCreditEntryWire(row: CreditEntriesTable): CreditEntryWire {
  return {
    _id: row.id,
    amount: row.amount,
    reason: row.reason,
    ...(row.booking_id ? { bookingId: row.booking_id } : {}),
    createdAt: row.created_at,
  };
}

export function getBalance(db: DbOrTrx, userId: string): Promise<number> {
  return sumBalance(db, userId);
}

function entry(userId: string, amount: number, reason: string, bookingId: string | null) {
  return {
    id: newId(),
    user_id: userId,
    amount,
    reason: reason.slice(0, 200),
    booking_id: bookingId,
    created_at: nowIso(),
  } satisfies CreditEntriesTable;
}

/**
 * Spends credits inside the caller's transaction. The user's ledger is locked first (row lock on
 * PostgreSQL, the single connection on SQLite), so the balance read here cannot be spent twice:
 * the balance never goes below zero, whatever the concurrency. Returns the new balance.
 */
export async function spendCredits(
  trx: DbOrTrx,
  userId: string,
  amount: number,
  bookingId: string | null,
  reason = 'Applied to a booking',
): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new AppError('BAD_REQUEST', 'Credits to spend must be a positive whole number of cents');
  if (!(await lockUserLedger(trx, userId))) throw notFound('User');
  const balance = await sumBalance(trx, userId);
  if (amount > balance)
    throw new AppError('CONFLICT', `Not enough credits: balance is ${balance} cents`);
  await insertEntry(trx, entry(userId, -amount, reason, bookingId));
  return balance - amount;
}

/** Gives credits back (cancellation refunds); same locking as spends. Returns the new balance. */
export async function refundCredits(
  trx: DbOrTrx,
  userId: string,
  amount: number,
  bookingId: string | null,
  reason = 'Refund for a cancelled booking',
): Promise<number> {
  if (!(await lockUserLedger(trx, userId))) throw notFound('User');
  if (amount > 0) await insertEntry(trx, entry(userId, amount, reason, bookingId));
  return sumBalance(trx, userId);
}

/** `actorId`: the admin granting (the grant is then written to the audit log with it). */
export async function grantCredits(
  app: FastifyInstance,
  input: { userId: string; amount: number; reason: string },
  actorId?: string,
): Promise<{ balance: number; currency: typeof CREDITS_CURRENCY; entry: CreditEntryWire }> {
  if (actorId === input.userId) throw forbidden('Another admin must grant credits to you');
  const row = entry(input.userId, input.amount, input.reason, null);
  const balance = await app.db.transaction().execute(async (trx) => {
    const user = await findHolder(trx, input.userId);
    if (!user || user.deleted_at) throw notFound('User');
    // Credits pay for bookings, which only pet owners make: a sitter's or an admin's would sit
    // unspendable on their page.
    if (user.user_type !== 'user') throw badRequest(CREDITS_FOR_OWNERS, 'userId');
    await lockUserLedger(trx, input.userId);
    const before = await sumBalance(trx, input.userId);
    await insertEntry(trx, row);
    if (actorId) {
      await recordAdminAction(trx, {
        actorId,
        action: 'credits.grant',
        targetType: 'credit_entry',
        targetId: row.id,
        subjectUserId: input.userId,
        before: { balance: before },
        after: { balance: before + input.amount, amount: input.amount, reason: row.reason },
      });
    }
    return before + input.amount;
  });
  await notifyUser(app, input.userId, {
    type: 'credits',
    message: `You received ${formatUsd(input.amount)} in credits: ${input.reason}`,
    data: { amount: input.amount, balance, entryId: row.id },
  });
  return { balance, currency: CREDITS_CURRENCY, entry: toCreditEntryWire(row) };
}

export async function getUserCredits(app: FastifyInstance, caller: AuthUser, userId: string) {
  // Another user's credits answer as a user that does not exist (DESIGN §4: 404).
  if (caller.id !== userId && caller.userType !== 'admin') throw notFound('User');
  if (!(await findHolder(app.db, userId))) throw notFound('User');
  const [balance, rows] = await Promise.all([
    sumBalance(app.db, userId),
    listEntries(app.db, userId, ENTRIES_SHOWN),
  ]);
  return {
    userId,
    balance,
    currency: CREDITS_CURRENCY,
    entries: rows.map(toCreditEntryWire),
  };
}

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * Adds credits inside the caller's transaction (a package's credits when its payment is
 * fulfilled), with the same ledger lock as spends. Returns the new balance.
 */
export async function addCreditsInTransaction(
  trx: DbOrTrx,
  userId: string,
  amount: number,
  reason: string,
): Promise<number> {
  return refundCredits(trx, userId, amount, null, reason);
}
