/**
 * Emptying an optional field. SPEC §5 leaves empty values out of the profile and pet forms, so a
 * form names the fields it emptied in the multipart field `clear` (a JSON list of names), and the
 * API sets them to null. Only optional fields may be named.
 */

/** Optional profile fields a member may empty (identity fields are confirmed by an ID check). */
export const PROFILE_CLEARABLE_FIELDS = [
  'emergency_phone',
  'bio',
  'headline',
  'address',
  'city',
  'state',
  'zip',
  'country',
  'preferred_location',
] as const;

/**
 * The profile's lists (services offered, kinds of pets), left out of the form when empty like
 * every other value (SPEC §5): a list emptied since the form loaded is named in `clear` too, and
 * the API stores it empty.
 */
export const PROFILE_CLEARABLE_LISTS = ['primary_services', 'pet_prefrences'] as const;

/** Optional pet fields an owner may empty. */
export const PET_CLEARABLE_FIELDS = [
  'breed',
  'age',
  'weight',
  'care_notes',
  'medical_notes',
] as const;

/** The clearable fields that held something before and are empty now: the form's `clear`. */
export function emptiedFields<F extends string>(
  clearable: readonly F[],
  before: Readonly<Record<F, string>>,
  now: Readonly<Record<F, string>>,
): F[] {
  return clearable.filter((field) => before[field].trim() !== '' && now[field].trim() === '');
}

/**
 * The names in a `clear` field (absent or empty: none), or why it is refused: not a JSON list of
 * names, or a name outside `clearable`.
 */
export function parseClearList<F extends string>(
  raw: string | undefined,
  clearable: readonly F[],
): { names: F[] } | { error: string } {
  if (raw === undefined || ['', 'null', 'undefined'].includes(raw.trim())) return { names: [] };
  let names: unknown;
  try {
    names = JSON.parse(raw);
  } catch {
    names = undefined;
  }
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string'))
    return { error: 'clear must be a JSON list of field names' };
  const allowed: readonly string[] = clearable;
  const refused = names.find((n) => !allowed.includes(n));
  if (refused !== undefined)
    return { error: `${refused} cannot be cleared; these can: ${clearable.join(', ')}` };
  return { names: names as F[] };
}
