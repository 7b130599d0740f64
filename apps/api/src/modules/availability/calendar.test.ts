import { describe, expect, it } from 'vitest';
import {
  dateRangeToInterval,
  findConflict,
  maxConcurrent,
  nextFreeDates,
  normalizeSchedule,
  type Block,
  type CalendarData,
  type Occupancy,
} from './calendar.ts';
import { addDays, localParts, localSegments, zonedToUtc } from './local-time.ts';

const Z = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();
const HOUR = 3_600_000;
const span = (a: Date, b: Date) => (b.getTime() - a.getTime()) / HOUR;
const CHICAGO = 'America/Chicago';

function calendar(over: Partial<CalendarData> = {}): CalendarData {
  return { timeZone: CHICAGO, windows: [], capacities: {}, blocks: [], bookings: [], ...over };
}
function block(id: string, startDate: string, endDate: string, tz = CHICAGO): Block {
  return { id, startDate, endDate, ...dateRangeToInterval(startDate, endDate, tz) };
}
function booking(id: string, service: string, start: string, end: string): Occupancy {
  return { id, service, start: Z(start), end: Z(end) };
}
/** A Chicago wall-clock time (CDT in June) as an instant. */
const chi = (date: string, hhmm: string) =>
  zonedToUtc(date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), CHICAGO);
const range = (start: Date, end: Date) => ({ start, end });

describe('zonedToUtc and local days across daylight-saving changes', () => {
  it('America/Chicago spring-forward (2026-03-08): skipped times land after the jump, the day has 23 h', () => {
    expect(iso(zonedToUtc('2026-03-08', 60, CHICAGO))).toBe('2026-03-08T07:00:00.000Z');
    // 02:30 does not exist: read with the offset before the jump, i.e. 03:30 CDT.
    expect(iso(zonedToUtc('2026-03-08', 150, CHICAGO))).toBe('2026-03-08T08:30:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', 180, CHICAGO))).toBe('2026-03-08T08:00:00.000Z');
    expect(iso(zonedToUtc('2026-03-09', 0, CHICAGO))).toBe('2026-03-09T05:00:00.000Z');
    const day = dateRangeToInterval('2026-03-08', '2026-03-08', CHICAGO);
    expect(span(day.start, day.end)).toBe(23);
  });

  it('America/Chicago fall-back (2026-11-01): a repeated time is its first occurrence, the day has 25 h', () => {
    expect(iso(zonedToUtc('2026-11-01', 90, CHICAGO))).toBe('2026-11-01T06:30:00.000Z');
    expect(iso(zonedToUtc('2026-11-01', 180, CHICAGO))).toBe('2026-11-01T09:00:00.000Z');
    const day = dateRangeToInterval('2026-11-01', '2026-11-01', CHICAGO);
    expect(iso(day.start)).toBe('2026-11-01T05:00:00.000Z');
    expect(span(day.start, day.end)).toBe(25);
  });

  it('Europe/London: BST starts 2026-03-29 and ends 2026-10-25', () => {
    const tz = 'Europe/London';
    expect(iso(zonedToUtc('2026-03-29', 90, tz))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedToUtc('2026-03-29', 180, tz))).toBe('2026-03-29T02:00:00.000Z');
    expect(iso(zonedToUtc('2026-10-25', 90, tz))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedToUtc('2026-07-01', 0, tz))).toBe('2026-06-30T23:00:00.000Z');
    expect(iso(zonedToUtc('2026-12-01', 0, tz))).toBe('2026-12-01T00:00:00.000Z');
  });

  it('zones east of UTC: Asia/Kolkata (+05:30) and Australia/Sydney (both changes)', () => {
    expect(iso(zonedToUtc('2026-06-01', 0, 'Asia/Kolkata'))).toBe('2026-05-31T18:30:00.000Z');
    expect(localParts(Z('2026-05-31T18:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-06-01',
      weekday: 1,
      minute: 0,
    });
    const syd = 'Australia/Sydney';
    // 2026-10-04 02:00 AEST → 03:00 AEDT; 2026-04-05 03:00 AEDT → 02:00 AEST.
    expect(iso(zonedToUtc('2026-10-04', 150, syd))).toBe('2026-10-03T16:30:00.000Z');
    expect(iso(zonedToUtc('2026-04-05', 150, syd))).toBe('2026-04-04T15:30:00.000Z');
    const spring = dateRangeToInterval('2026-10-04', '2026-10-04', syd);
    const autumn = dateRangeToInterval('2026-04-05', '2026-04-05', syd);
    expect([span(spring.start, spring.end), span(autumn.start, autumn.end)]).toEqual([23, 25]);
  });

  it('round-trips every existing wall time of 2026 in several zones', () => {
    for (const tz of [CHICAGO, 'Europe/London', 'Asia/Kolkata', 'Australia/Sydney', 'UTC']) {
      for (let d = 0; d < 365; d += 3) {
        const date = addDays('2026-01-01', d);
        for (let minute = 0; minute < 1440; minute += 45) {
          const back = localParts(zonedToUtc(date, minute, tz), tz);
          // A skipped time comes back exactly one hour later; everything else unchanged.
          if (back.date === date && back.minute === minute) continue;
          expect({ tz, date, minute: back.minute - minute }).toEqual({ tz, date, minute: 60 });
        }
      }
    }
  });

  it('addDays crosses months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('localSegments', () => {
  it('spring-forward: 01:00 CST to 04:00 CDT is two hours on the clock 01:00–04:00', () => {
    expect(localSegments(Z('2026-03-08T07:00:00Z'), Z('2026-03-08T09:00:00Z'), CHICAGO)).toEqual([
      { date: '2026-03-08', weekday: 0, from: 60, to: 240 },
    ]);
  });

  it('fall-back: the span is the hull of every wall time the clock shows', () => {
    // 00:30 CDT to 01:30 CST: the clock reads 00:30 → 01:59, then 01:00 → 01:30.
    expect(localSegments(Z('2026-11-01T05:30:00Z'), Z('2026-11-01T07:30:00Z'), CHICAGO)).toEqual([
      { date: '2026-11-01', weekday: 0, from: 30, to: 120 },
    ]);
    // 01:30 CDT to 01:15 CST: ends earlier on the clock than it starts.
    expect(localSegments(Z('2026-11-01T06:30:00Z'), Z('2026-11-01T07:15:00Z'), CHICAGO)).toEqual([
      { date: '2026-11-01', weekday: 0, from: 60, to: 120 },
    ]);
  });

  it('fall-back with ends off the whole minute terminates (was an endless bisection)', () => {
    const segs = localSegments(
      Z('2026-11-01T06:29:51.198Z'),
      Z('2026-11-01T07:01:35.244Z'),
      CHICAGO,
    );
    expect(segs).toEqual([{ date: '2026-11-01', weekday: 0, from: 60, to: 120 }]);
  });

  it('an end a few seconds past a minute reaches the next minute', () => {
    const [seg] = localSegments(Z('2026-06-10T14:00:00Z'), Z('2026-06-10T15:00:30Z'), 'UTC');
    expect(seg).toEqual({ date: '2026-06-10', weekday: 3, from: 840, to: 901 });
  });

  it('splits a range across local midnight (22:00–02:00) into the two days', () => {
    expect(localSegments(chi('2026-06-10', '22:00'), chi('2026-06-11', '02:00'), CHICAGO)).toEqual([
      { date: '2026-06-10', weekday: 3, from: 1320, to: 1440 },
      { date: '2026-06-11', weekday: 4, from: 0, to: 120 },
    ]);
    // The same instants are one afternoon in Kolkata.
    expect(
      localSegments(chi('2026-06-10', '22:00'), chi('2026-06-11', '02:00'), 'Asia/Kolkata'),
    ).toEqual([{ date: '2026-06-11', weekday: 4, from: 510, to: 750 }]);
  });

  it('Australia/Sydney spring-forward', () => {
    expect(
      localSegments(Z('2026-10-03T15:00:00Z'), Z('2026-10-03T17:00:00Z'), 'Australia/Sydney'),
    ).toEqual([{ date: '2026-10-04', weekday: 0, from: 60, to: 240 }]);
  });
});

describe('normalizeSchedule', () => {
  it('splits a window past midnight into two days, Saturday into Sunday too', () => {
    expect(normalizeSchedule([{ day: 1, start: '22:00', end: '02:00' }])).toEqual([
      { weekday: 1, start: 1320, end: 1440 },
      { weekday: 2, start: 0, end: 120 },
    ]);
    expect(normalizeSchedule([{ day: 6, start: '22:00', end: '02:00' }])).toEqual([
      { weekday: 0, start: 0, end: 120 },
      { weekday: 6, start: 1320, end: 1440 },
    ]);
  });

  it('00:00–00:00 is the whole day; an end of 00:00 or 24:00 runs to midnight', () => {
    expect(normalizeSchedule([{ day: 3, start: '00:00', end: '00:00' }])).toEqual([
      { weekday: 3, start: 0, end: 1440 },
    ]);
    expect(normalizeSchedule([{ day: 3, start: '18:00', end: '00:00' }])).toEqual([
      { weekday: 3, start: 1080, end: 1440 },
    ]);
    expect(normalizeSchedule([{ day: 3, start: '18:00', end: '24:00' }])).toEqual([
      { weekday: 3, start: 1080, end: 1440 },
    ]);
  });

  it('merges overlapping and touching windows of a day, keeps gaps', () => {
    expect(
      normalizeSchedule([
        { day: 1, start: '14:00', end: '16:00' },
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:00', end: '14:00' },
        { day: 1, start: '18:00', end: '19:00' },
        { day: 0, start: '23:00', end: '01:00' },
      ]),
    ).toEqual([
      { weekday: 0, start: 1380, end: 1440 },
      { weekday: 1, start: 0, end: 60 },
      { weekday: 1, start: 540, end: 960 },
      { weekday: 1, start: 1080, end: 1140 },
    ]);
  });
});

describe('maxConcurrent', () => {
  const r = range(Z('2026-06-01T00:00:00Z'), Z('2026-06-10T00:00:00Z'));
  const iv = (a: string, b: string) => ({ start: Z(`2026-06-${a}Z`), end: Z(`2026-06-${b}Z`) });

  it('touching intervals never overlap', () => {
    expect(maxConcurrent([iv('02T00:00', '03T00:00'), iv('03T00:00', '04T00:00')], r)).toBe(1);
  });
  it('counts the deepest overlap', () => {
    const list = [
      iv('02T00:00', '05T00:00'),
      iv('03T00:00', '04T00:00'),
      iv('03T12:00', '06T00:00'),
    ];
    expect(maxConcurrent(list, r)).toBe(3);
  });
  it('only inside the range', () => {
    const list = [iv('02T00:00', '05T00:00'), iv('04T00:00', '06T00:00')];
    expect(maxConcurrent(list, range(Z('2026-06-05T00:00:00Z'), Z('2026-06-07T00:00:00Z')))).toBe(
      1,
    );
    expect(maxConcurrent(list, range(Z('2026-06-08T00:00:00Z'), Z('2026-06-09T00:00:00Z')))).toBe(
      0,
    );
    expect(maxConcurrent([], r)).toBe(0);
  });
});

describe('findConflict', () => {
  const weekdays = normalizeSchedule(
    [1, 2, 3, 4, 5].map((day) => ({ day, start: '07:00', end: '19:00' })),
  );
  // 2026-06-08 is a Monday, 2026-06-13 a Saturday.
  const walk = (date: string, from: string, to: string) => range(chi(date, from), chi(date, to));

  describe('blocked dates', () => {
    const cal = calendar({ blocks: [block('b1', '2026-06-10', '2026-06-12')] });
    it('refuse any service, and a check with no service', () => {
      for (const service of ['dog-walking', 'boarding', undefined]) {
        const found = findConflict(cal, service, walk('2026-06-11', '09:00', '10:00'));
        expect(found).toMatchObject({ kind: 'blocked', blockId: 'b1' });
        expect(found?.message).toBe('The sitter is away from Wed 10 Jun 2026 to Fri 12 Jun 2026');
      }
    });
    it('cover the local days, not UTC days', () => {
      // 23:30 Chicago on the 9th is 04:30Z on the 10th: outside the block.
      expect(findConflict(cal, 'dog-walking', walk('2026-06-09', '23:00', '23:45'))).toBeNull();
      expect(findConflict(cal, 'dog-walking', walk('2026-06-12', '23:00', '23:45'))).not.toBeNull();
      expect(findConflict(cal, 'dog-walking', walk('2026-06-13', '00:00', '01:00'))).toBeNull();
    });
    it('also refuse long hourly ranges and overnight stays that touch them', () => {
      const stay = range(chi('2026-06-05', '18:00'), chi('2026-06-10', '09:00'));
      expect(findConflict(cal, 'boarding', stay)?.kind).toBe('blocked');
      expect(findConflict(cal, 'dog-walking', stay)?.kind).toBe('blocked');
    });
  });

  it('no service: blocks only, bookings and schedule do not matter', () => {
    const cal = calendar({
      windows: weekdays,
      bookings: [booking('w', 'dog-walking', '2026-06-13T15:00:00Z', '2026-06-13T16:00:00Z')],
    });
    expect(findConflict(cal, undefined, walk('2026-06-13', '10:00', '11:00'))).toBeNull();
  });

  describe('weekly schedule (hourly services)', () => {
    const cal = calendar({ windows: weekdays });
    it('inside a window is free', () => {
      expect(findConflict(cal, 'dog-walking', walk('2026-06-08', '07:00', '19:00'))).toBeNull();
      expect(findConflict(cal, 'Drop-in visits', walk('2026-06-08', '08:00', '09:00'))).toBeNull();
    });
    it('a day without a window, or hours past its end, is outside the schedule', () => {
      const sat = findConflict(cal, 'dog-walking', walk('2026-06-13', '09:00', '10:00'));
      expect(sat).toMatchObject({ kind: 'schedule' });
      expect(sat?.message).toContain('Saturday 09:00–10:00');
      expect(findConflict(cal, 'dog-walking', walk('2026-06-08', '18:00', '20:00'))?.kind).toBe(
        'schedule',
      );
      expect(findConflict(cal, 'dog-walking', walk('2026-06-08', '06:30', '07:30'))?.kind).toBe(
        'schedule',
      );
    });
    it('does not apply to overnight services', () => {
      const weekend = range(chi('2026-06-13', '10:00'), chi('2026-06-14', '10:00'));
      expect(findConflict(cal, 'boarding', weekend)).toBeNull();
    });
    it('a window past midnight holds a walk across midnight, each day in its own piece', () => {
      const night = calendar({
        windows: normalizeSchedule([{ day: 1, start: '22:00', end: '02:00' }]),
      });
      expect(
        findConflict(
          night,
          'dog-walking',
          range(chi('2026-06-08', '23:00'), chi('2026-06-09', '01:00')),
        ),
      ).toBeNull();
      expect(
        findConflict(
          night,
          'dog-walking',
          range(chi('2026-06-09', '01:00'), chi('2026-06-09', '03:00')),
        )?.kind,
      ).toBe('schedule');
    });
    it('00:00–00:00 windows make whole days free', () => {
      const allDay = calendar({
        windows: normalizeSchedule([{ day: 1, start: '00:00', end: '00:00' }]),
      });
      expect(
        findConflict(
          allDay,
          'dog-walking',
          range(chi('2026-06-08', '00:00'), chi('2026-06-09', '00:00')),
        ),
      ).toBeNull();
      expect(findConflict(allDay, 'dog-walking', walk('2026-06-09', '00:00', '01:00'))?.kind).toBe(
        'schedule',
      );
    });
    it('across fall-back the walk needs every wall time the clock shows', () => {
      // 01:30 CDT → 01:30 CST shows 01:00–02:00 on the clock (Sunday 2026-11-01).
      const r = range(Z('2026-11-01T06:30:00Z'), Z('2026-11-01T07:30:00Z'));
      const upTo = (end: string) =>
        calendar({ windows: normalizeSchedule([{ day: 0, start: '00:00', end }]) });
      expect(findConflict(upTo('02:00'), 'dog-walking', r)).toBeNull();
      expect(findConflict(upTo('01:45'), 'dog-walking', r)?.kind).toBe('schedule');
    });
    it('across spring-forward the wall clock jumps over the missing hour', () => {
      // 01:30 CST → 03:30 CDT is one hour; the clock shows 01:30–03:30.
      const r = range(Z('2026-03-08T07:30:00Z'), Z('2026-03-08T08:30:00Z'));
      const cal2 = calendar({
        windows: normalizeSchedule([{ day: 0, start: '01:00', end: '03:30' }]),
      });
      expect(findConflict(cal2, 'dog-walking', r)).toBeNull();
      const short = calendar({
        windows: normalizeSchedule([{ day: 0, start: '01:00', end: '03:00' }]),
      });
      expect(findConflict(short, 'dog-walking', r)?.kind).toBe('schedule');
    });
  });

  describe('hourly bookings', () => {
    const existing = booking(
      'w1',
      'dog-walking',
      iso(chi('2026-06-08', '10:00')),
      iso(chi('2026-06-08', '11:00')),
    );
    const cal = calendar({ bookings: [existing] });
    it('an overlapping hourly booking of any hourly service is a conflict', () => {
      const found = findConflict(cal, 'grooming', walk('2026-06-08', '10:30', '11:30'));
      expect(found).toMatchObject({ kind: 'booked', bookingIds: ['w1'] });
      // In the sitter's zone, named (the owner may be elsewhere).
      expect(found?.message).toContain('booking starting Mon 8 Jun 2026, 10:00 CDT');
    });
    it('touching is free, and the booking itself is ignored when re-checked', () => {
      expect(findConflict(cal, 'dog-walking', walk('2026-06-08', '11:00', '12:00'))).toBeNull();
      expect(findConflict(cal, 'dog-walking', walk('2026-06-08', '09:00', '10:00'))).toBeNull();
      expect(
        findConflict(cal, 'dog-walking', walk('2026-06-08', '10:00', '11:00'), 'w1'),
      ).toBeNull();
    });
    it('overnight bookings do not occupy hourly work', () => {
      const boarding = calendar({
        bookings: [booking('b', 'boarding', '2026-06-07T00:00:00Z', '2026-06-10T00:00:00Z')],
      });
      expect(
        findConflict(boarding, 'dog-walking', walk('2026-06-08', '10:00', '11:00')),
      ).toBeNull();
    });
    it('ranges over 24 h (a search over days) check blocks only', () => {
      const days = range(chi('2026-06-06', '00:00'), chi('2026-06-09', '00:00'));
      const busy = calendar({ windows: weekdays, bookings: [existing] });
      expect(findConflict(busy, 'dog-walking', days)).toBeNull();
      const exactly24 = range(chi('2026-06-08', '00:00'), chi('2026-06-09', '00:00'));
      expect(findConflict(busy, 'dog-walking', exactly24)?.kind).toBe('schedule');
    });
  });

  describe('overnight capacity', () => {
    const night = (id: string, from: string, to: string, service = 'boarding') =>
      booking(id, service, `2026-06-${from}T23:00:00Z`, `2026-06-${to}T15:00:00Z`);
    const stay = (from: string, to: string) =>
      range(Z(`2026-06-${from}T23:00:00Z`), Z(`2026-06-${to}T15:00:00Z`));

    it('capacity 1 (the default): one overlapping stay of the same service fills it', () => {
      const cal = calendar({ bookings: [night('a', '10', '12')] });
      expect(findConflict(cal, 'boarding', stay('11', '13'))).toMatchObject({
        kind: 'capacity',
        bookingIds: ['a'],
      });
      expect(findConflict(cal, 'boarding', stay('12', '14'))).toBeNull();
      expect(findConflict(cal, 'house-sitting', stay('11', '13'))).toBeNull();
      expect(findConflict(cal, 'boarding', stay('11', '13'), 'a')).toBeNull();
    });

    it('capacity 2: two stays that never overlap each other leave room', () => {
      const cal = calendar({
        capacities: { boarding: 2 },
        bookings: [night('a', '10', '12'), night('b', '13', '15')],
      });
      expect(findConflict(cal, 'boarding', stay('09', '16'))).toBeNull();
    });

    it('capacity 2: two concurrent stays fill it, but only where they overlap', () => {
      const cal = calendar({
        capacities: { boarding: 2 },
        bookings: [night('a', '10', '14'), night('b', '12', '16')],
      });
      const found = findConflict(cal, 'boarding', stay('13', '14'));
      expect(found?.kind).toBe('capacity');
      expect(found?.message).toContain('(2)');
      expect(
        findConflict(cal, 'boarding', range(Z('2026-06-10T23:00:00Z'), Z('2026-06-12T23:00:00Z'))),
      ).toBeNull();
    });
  });
});

describe('nextFreeDates', () => {
  const now = Z('2026-06-01T12:00:00Z'); // a Monday
  const utc = (over: Partial<CalendarData> = {}) => calendar({ timeZone: 'UTC', ...over });

  it('from today in the sitter zone, skipping blocked dates', () => {
    expect(nextFreeDates(utc(), ['dog-walking'], now, 3, 60)).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
    ]);
    const cal = utc({ blocks: [block('b', '2026-06-02', '2026-06-04', 'UTC')] });
    expect(nextFreeDates(cal, ['dog-walking'], now, 3, 60)).toEqual([
      '2026-06-01',
      '2026-06-05',
      '2026-06-06',
    ]);
    // 02:00Z on June 1st is still May 31st in Chicago.
    expect(nextFreeDates(calendar(), [], Z('2026-06-01T02:00:00Z'), 1, 60)).toEqual(['2026-05-31']);
  });

  it('a day without schedule hours is never free, whatever the services', () => {
    const cal = utc({ windows: normalizeSchedule([{ day: 1, start: '09:00', end: '13:00' }]) });
    expect(nextFreeDates(cal, ['Dog walking'], now, 2, 60)).toEqual(['2026-06-01', '2026-06-08']);
    expect(nextFreeDates(cal, ['boarding'], now, 2, 60)).toEqual(['2026-06-01', '2026-06-08']);
    // Hours on Monday and Saturday only: Sunday and Tuesday are not free for a sitter who walks
    // dogs and boards them.
    const monSat = utc({
      windows: normalizeSchedule([
        { day: 1, start: '09:00', end: '17:00' },
        { day: 6, start: '09:00', end: '17:00' },
      ]),
    });
    expect(nextFreeDates(monSat, ['dog-walking', 'boarding'], now, 4, 60)).toEqual([
      '2026-06-01',
      '2026-06-06',
      '2026-06-08',
      '2026-06-13',
    ]);
  });

  it("leaves today out once its last window has ended, on the sitter's clock", () => {
    const cal = calendar({
      timeZone: 'America/Chicago',
      windows: normalizeSchedule([{ day: 1, start: '09:00', end: '17:00' }]),
    });
    // Monday 16:59 in Chicago (21:59Z): an hour of today is left.
    expect(nextFreeDates(cal, ['dog-walking'], Z('2026-06-01T21:59:00Z'), 1, 60)).toEqual([
      '2026-06-01',
    ]);
    // Monday 17:00 there: today's hours are over, the next Monday is the next free day.
    expect(nextFreeDates(cal, ['dog-walking'], Z('2026-06-01T22:00:00Z'), 1, 60)).toEqual([
      '2026-06-08',
    ]);
  });

  it('from a later first day (a search range), not before it', () => {
    expect(nextFreeDates(utc(), ['dog-walking'], now, 2, 60, '2026-06-10')).toEqual([
      '2026-06-10',
      '2026-06-11',
    ]);
    // A first day already past is today.
    expect(nextFreeDates(utc(), ['dog-walking'], now, 1, 60, '2026-05-01')).toEqual(['2026-06-01']);
  });

  it('an overnight service is full on days its capacity is taken for the whole day', () => {
    const stays = [booking('a', 'boarding', '2026-06-01T00:00:00Z', '2026-06-03T00:00:00Z')];
    expect(nextFreeDates(utc({ bookings: stays }), ['boarding'], now, 2, 60)).toEqual([
      '2026-06-03',
      '2026-06-04',
    ]);
    // Part of a day, a capacity of 2, or another listed service leave room.
    const partial = [booking('p', 'boarding', '2026-06-01T10:00:00Z', '2026-06-02T10:00:00Z')];
    expect(nextFreeDates(utc({ bookings: partial }), ['boarding'], now, 1, 60)).toEqual([
      '2026-06-01',
    ]);
    const roomy = utc({ bookings: stays, capacities: { boarding: 2 } });
    expect(nextFreeDates(roomy, ['boarding'], now, 1, 60)).toEqual(['2026-06-01']);
    expect(
      nextFreeDates(utc({ bookings: stays }), ['boarding', 'dog-walking'], now, 1, 60),
    ).toEqual(['2026-06-01']);
  });

  it("a search for one service gives that service's dates; an overnight one's ignore the hours", () => {
    // Monday to Friday hours, boarding and dog walking listed: a boarding search found the
    // sitter free for the weekend, and their card says so.
    const weekdays = normalizeSchedule(
      [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
    );
    const cal = utc({ windows: weekdays });
    const listed = ['dog-walking', 'boarding'];
    expect(nextFreeDates(cal, listed, now, 2, 60, '2026-06-06')).toEqual([
      '2026-06-08',
      '2026-06-09',
    ]);
    expect(nextFreeDates(cal, listed, now, 2, 60, '2026-06-06', 'Boarding')).toEqual([
      '2026-06-06',
      '2026-06-07',
    ]);
    expect(nextFreeDates(cal, listed, now, 2, 60, '2026-06-06', 'dog-walking')).toEqual([
      '2026-06-08',
      '2026-06-09',
    ]);
    // Only the searched service's room counts: boarding full on June 6th, walks not asked for.
    const stays = [booking('a', 'boarding', '2026-06-06T00:00:00Z', '2026-06-07T00:00:00Z')];
    const full = utc({ windows: weekdays, bookings: stays });
    expect(nextFreeDates(full, listed, now, 1, 60, '2026-06-06', 'boarding')).toEqual([
      '2026-06-07',
    ]);
    // A block still rules a day out.
    const away = utc({ blocks: [block('b', '2026-06-06', '2026-06-06', 'UTC')] });
    expect(nextFreeDates(away, listed, now, 1, 60, '2026-06-06', 'boarding')).toEqual([
      '2026-06-07',
    ]);
  });

  it('stops at the count and at the horizon', () => {
    const cal = utc({ blocks: [block('b', '2026-06-03', '2026-07-30', 'UTC')] });
    expect(nextFreeDates(cal, ['dog-walking'], now, 5, 10)).toEqual(['2026-06-01', '2026-06-02']);
  });
});
