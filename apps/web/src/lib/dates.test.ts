import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatMonth, formatTimeRange } from './dates';

// Local times, so the expectations hold in any time zone the suite runs in.
const at = (d: number, h: number, m: number) => new Date(2026, 11, d, h, m);

describe('house date formats', () => {
  it('writes a date, with the weekday when asked', () => {
    expect(formatDate(at(5, 19, 9))).toBe('5 Dec 2026');
    expect(formatDate(at(5, 19, 9), { weekday: true })).toBe('Sat 5 Dec 2026');
    expect(formatMonth(at(5, 19, 9))).toBe('December 2026');
  });

  it('writes a date and time on the 24-hour clock, from an ISO string or epoch ms', () => {
    expect(formatDateTime(at(5, 19, 9))).toBe('Sat 5 Dec 2026, 19:09');
    expect(formatDateTime(at(5, 7, 5).toISOString())).toBe('Sat 5 Dec 2026, 07:05');
    expect(formatDateTime(at(5, 7, 5).getTime())).toBe('Sat 5 Dec 2026, 07:05');
  });

  it('writes a range within a day once, and across days in full', () => {
    expect(formatTimeRange(at(8, 10, 0), at(8, 11, 30))).toBe('Tue 8 Dec 2026, 10:00–11:30');
    expect(formatTimeRange(at(8, 10, 0), at(9, 9, 0))).toBe(
      'Tue 8 Dec 2026, 10:00 → Wed 9 Dec 2026, 09:00',
    );
  });

  it('writes a calendar day as that day, whatever the zone', () => {
    expect(formatDay('2026-11-25')).toBe('25 Nov');
    expect(formatDay('2026-01-01')).toBe('1 Jan');
  });
});
