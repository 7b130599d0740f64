import { AppError } from '../../lib/app-error.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { UserRow } from '../../lib/user-wire.ts';
import type { ProfileChanges } from './profile-input.ts';

/** Whether the user has KYC documents waiting for review (the KYC area answers; see index.ts). */
export type IdentityReviewCheck = (db: DbOrTrx, userId: string) => Promise<boolean>;

/** The profile fields an ID check compares with the documents: wire name, column, label. */
const IDENTITY_FIELDS = [
  ['firstName', 'first_name', 'first name'],
  ['lastName', 'last_name', 'last name'],
  ['dob', 'dob', 'date of birth'],
  ['document_type', 'document_type', 'document type'],
  ['date_of_issue', 'date_of_issue', 'document issue date'],
  ['date_of_expiry', 'date_of_expiry', 'document expiry date'],
] as const;

type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** Dates are compared by day: the web form shows and resends them as YYYY-MM-DD. */
const isSame = (column: IdentityField[1], stored: string | null, sent: string): boolean =>
  column === 'first_name' || column === 'last_name' || column === 'document_type'
    ? stored === sent
    : stored !== null && stored.slice(0, 10) === sent.slice(0, 10);

/** Whether the stored profile holds this identity field (an empty one was never checked). */
const isStored = (current: UserRow, column: IdentityField[1]) => {
  const stored = current[column];
  return stored !== null && stored !== '';
};

/**
 * The stored identity fields this update would change (resending the stored value is no change).
 * Filling one that is still empty is not a change: nothing was checked against it. A new sitter
 * sends their documents first (SPEC §2 sends them to /kyc), then fills the profile.
 */
export function changedIdentityFields(current: UserRow, changes: ProfileChanges): IdentityField[] {
  return IDENTITY_FIELDS.filter(([, column]) => {
    const sent = changes[column];
    return (
      typeof sent === 'string' &&
      isStored(current, column) &&
      !isSame(column, current[column], sent)
    );
  });
}

const listOf = (labels: string[]) =>
  labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

/**
 * Once a person is KYC-verified, or while their documents are reviewed, the identity the review
 * compares with the documents stays as it is: a changed name under a kept badge would vouch for
 * someone nobody checked. 409 naming each field; otherwise the changes to write, the stored
 * identity left as stored (a resent date keeps its stored form), empty identity fields filled
 * and every other field untouched.
 */
export function keepIdentity(
  current: UserRow,
  changes: ProfileChanges,
  lock: 'verified' | 'under-review' | null,
): ProfileChanges {
  if (!lock) return changes;
  const changed = changedIdentityFields(current, changes);
  if (changed.length > 0) {
    const labels = listOf(changed.map(([, , label]) => label));
    const plural = changed.length > 1;
    const message =
      lock === 'verified'
        ? `Your ${labels} ${plural ? 'were' : 'was'} checked with your ID and can no longer be ` +
          'changed here; contact support'
        : `Your ${labels} ${plural ? 'are' : 'is'} being checked with your ID documents and ` +
          'cannot be changed until the review is finished';
    throw new AppError(
      'CONFLICT',
      message,
      changed.map(([field]) => ({ path: field, message })),
    );
  }
  const kept = { ...changes };
  for (const [, column] of IDENTITY_FIELDS) if (isStored(current, column)) delete kept[column];
  return kept;
}
