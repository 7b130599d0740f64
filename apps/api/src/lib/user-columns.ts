import type { UsersTable } from '../db/schema.ts';

/*
 * Reading `users` columns the same way in every area that shows a person (own profile, sitter
 * cards, bookings, reviews, dashboard). Kept here, not in a module, so those areas need not import
 * each other for it.
 */

/** Parses a JSON text column, falling back when the stored value is not what we expect. */
function parseJson<T>(text: string | null, fallback: T, isValid: (v: unknown) => boolean): T {
  if (!text) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    return isValid(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

const isStringArray = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isRates = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((n) => typeof n === 'number' && Number.isInteger(n));

export const parseStringList = (text: string | null): string[] =>
  parseJson<string[]>(text, [], isStringArray);
export const parseServiceRates = (text: string | null): Record<string, number> =>
  parseJson<Record<string, number>>(text, {}, isRates);

/** URL path of a user's profile picture (GET /api/user/{id}/image). */
export const userImageUrl = (row: Pick<UsersTable, 'id' | 'image_path'>): string | null =>
  row.image_path ? `/api/user/${row.id}/image` : null;

/** Last name shown to strangers: the initial only ("Smith" → "S."), as sitter sites do. */
export const lastInitial = (lastName: string): string => {
  const first = lastName.trim().charAt(0);
  return first ? `${first.toUpperCase()}.` : '';
};
