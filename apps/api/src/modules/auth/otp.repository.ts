import type { DbOrTrx } from '../../db/index.ts';
import type { OneTimeCodesTable } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

/** Every auth mail kind the resend gate knows: the two code purposes and the signup notice. */
export type AuthMailKind = OneTimeCodesTable['purpose'];
export type CodePurpose = Exclude<AuthMailKind, 'signup-notice'>;

/** The newest row of a kind (of codes, only that one is ever accepted). */
export function findLatestCode(
  db: DbOrTrx,
  userId: string,
  purpose: AuthMailKind,
): Promise<OneTimeCodesTable | undefined> {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claims the account's mail slot of a kind: true, and the slot moved to `now`, when no mail of that
 * kind went out after `cutoff`. One conditional upsert, so of parallel claims exactly one wins.
 */
export async function claimMailSlot(
  db: DbOrTrx,
  userId: string,
  kind: AuthMailKind,
  now: string,
  cutoff: string,
): Promise<boolean> {
  const result = await db
    .insertInto('auth_mail_gates')
    .values({ user_id: userId, kind, sent_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .doUpdateSet({ sent_at: now })
        .where('auth_mail_gates.sent_at', '<=', cutoff),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows) === 1;
}

export async function insertCode(db: DbOrTrx, row: OneTimeCodesTable): Promise<void> {
  await db.insertInto('one_time_codes').values(row).execute();
}

/**
 * Takes one of the code's attempts, atomically: parallel guesses cannot exceed `maxAttempts`.
 * False when the code is used or has no attempt left.
 */
export async function takeAttemptIfAny(
  db: DbOrTrx,
  codeId: string,
  maxAttempts: number,
): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends the unused codes of a purpose now (they expire; their wrong tries still count towards the
 * daily cap, which deleting or consuming them would hand back).
 */
export async function expireCodes(
  db: DbOrTrx,
  userId: string,
  purpose: CodePurpose,
): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('one_time_codes')
    .set({ expires_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** Marks a code used; false when another request used it first. */
export async function consumeIfUnused(db: DbOrTrx, codeId: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_codes')
    .set({ consumed_at: nowIso() })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Wrong tries on the codes of a purpose issued since `since`: every attempt counts, except the
 * one that used a code. Codes live 10 minutes, so their issue time stands for the tries' time.
 */
export async function countFailedAttemptsSince(
  db: DbOrTrx,
  userId: string,
  purpose: CodePurpose,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('one_time_codes')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('attempts'), eb.lit(0)).as('attempts'),
      eb.fn.count<number>('consumed_at').as('used'),
    ])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Math.max(0, Number(row?.attempts ?? 0) - Number(row?.used ?? 0));
}
