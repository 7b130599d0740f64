// The sitter search's plain rules, with no schema: the search screen loads this module without
// building any zod schema (a screen's chunk evaluates every schema of the modules it imports).

/** The species a pet may be, and a sitter search may ask for. */
export const PET_SPECIES = [
  'dog',
  'cat',
  'bird',
  'rabbit',
  'reptile',
  'fish',
  'small mammal',
  'other',
] as const;

/** The longest date range a sitter search takes (the longest booking). */
export const MAX_SEARCH_DAYS = 60;

/** How many upcoming free dates cards and the sitter page show, looking this many days ahead. */
export const NEXT_FREE_DATES = 5;
export const NEXT_FREE_HORIZON_DAYS = 60;

/** A search range from query values: date-only start = that UTC midnight, date-only end = the
 * midnight after it (the end day is included). */
export function searchRange(startDate: string, endDate: string): { start: Date; end: Date } {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
  const start = new Date(dateOnly.test(startDate) ? `${startDate}T00:00:00Z` : startDate);
  const end = dateOnly.test(endDate)
    ? new Date(Date.parse(`${endDate}T00:00:00Z`) + 86_400_000)
    : new Date(endDate);
  return { start, end };
}

/** What is wrong with a search's date pair, if anything (GET /api/user/nearby's rule). */
export function searchRangeIssue(
  startDate: string | undefined,
  endDate: string | undefined,
): { path: 'startDate' | 'endDate'; message: string } | null {
  if (!startDate !== !endDate)
    return {
      path: startDate ? 'endDate' : 'startDate',
      message: 'Give both startDate and endDate',
    };
  if (!startDate || !endDate) return null;
  const { start, end } = searchRange(startDate, endDate);
  if (end.getTime() <= start.getTime())
    return { path: 'endDate', message: 'endDate must be after startDate' };
  if (end.getTime() - start.getTime() > MAX_SEARCH_DAYS * 86_400_000)
    return { path: 'endDate', message: `A search range can span at most ${MAX_SEARCH_DAYS} days` };
  return null;
}
