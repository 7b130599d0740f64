import { describe, expect, it } from 'vitest';
import { nearbyQuery } from './users.ts';
import { MAX_SEARCH_DAYS, searchRange, searchRangeIssue } from './search-range.ts';

describe('searchRangeIssue', () => {
  it('asks for both ends of a range', () => {
    expect(searchRangeIssue('2026-12-10', undefined)).toEqual({
      path: 'endDate',
      message: 'Give both startDate and endDate',
    });
    expect(searchRangeIssue(undefined, '2026-12-10')?.path).toBe('startDate');
    expect(searchRangeIssue(undefined, undefined)).toBeNull();
  });

  it('counts a date-only end day in the range', () => {
    const { start, end } = searchRange('2026-12-10', '2026-12-10');
    expect(end.getTime() - start.getTime()).toBe(86_400_000);
    expect(searchRangeIssue('2026-12-10', '2026-12-10')).toBeNull();
    expect(searchRangeIssue('2026-12-10T10:00:00Z', '2026-12-10T09:00:00Z')?.message).toBe(
      'endDate must be after startDate',
    );
  });

  it(`refuses a range of more than ${MAX_SEARCH_DAYS} days, as the API's query schema does`, () => {
    // 2026-12-01 … 2027-01-29 is 60 whole days; one more day is too many.
    expect(searchRangeIssue('2026-12-01', '2027-01-29')).toBeNull();
    const issue = searchRangeIssue('2026-12-01', '2027-01-30');
    expect(issue).toEqual({
      path: 'endDate',
      message: `A search range can span at most ${MAX_SEARCH_DAYS} days`,
    });
    const parsed = nearbyQuery.safeParse({ startDate: '2026-12-01', endDate: '2027-01-30' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['endDate', issue?.message],
    ]);
  });
});
