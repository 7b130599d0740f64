import { describe, expect, it } from 'vitest';
import { planSeries, splitPayment } from './booking-series.plan.ts';

const NOW = new Date('2026-02-20T12:00:00Z');
const base = { service: 'dog-walking', weekdays: [1, 3], time: '08:00', durationMinutes: 60 };

describe('planSeries', () => {
  it('keeps 08:00 local across the spring-forward of 2026-03-08 in America/Chicago', () => {
    const plan = planSeries(
      { ...base, weekdays: [0], startDate: '2026-03-01', count: 3 },
      'America/Chicago',
      NOW,
    );
    expect(plan.ok && plan.occurrences.map((o) => o.start.toISOString())).toEqual([
      '2026-03-01T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-15T13:00:00.000Z',
    ]);
  });

  it('and across the fall-back of 2026-11-01 (duration stays real time)', () => {
    const plan = planSeries(
      { ...base, weekdays: [0], time: '01:30', startDate: '2026-10-25', count: 2 },
      'America/Chicago',
      NOW,
    );
    expect(
      plan.ok && plan.occurrences.map((o) => [o.start.toISOString(), o.end.toISOString()]),
    ).toEqual([
      ['2026-10-25T06:30:00.000Z', '2026-10-25T07:30:00.000Z'],
      // 01:30 happens twice that night: the first one (CDT).
      ['2026-11-01T06:30:00.000Z', '2026-11-01T07:30:00.000Z'],
    ]);
  });

  it('keeps an overnight stay on the wall clock, so each occurrence is the same number of nights', () => {
    // Saturdays 18:00 for 24 h in Chicago; 2026-03-08 and 2026-11-01 are the clock changes.
    const boarding = { ...base, service: 'boarding', weekdays: [6], time: '18:00', count: 2 };
    const stays = (startDate: string) =>
      planSeries({ ...boarding, durationMinutes: 1440, startDate }, 'America/Chicago', NOW);
    const hours = (p: ReturnType<typeof stays>) =>
      p.ok ? p.occurrences.map((o) => (o.end.getTime() - o.start.getTime()) / 3600_000) : [];
    expect(hours(stays('2026-02-21'))).toEqual([24, 24]);
    expect(hours(stays('2026-03-07'))).toEqual([23, 24]);
    expect(hours(stays('2026-10-31'))).toEqual([25, 24]);
    const spring = stays('2026-03-07');
    expect(spring.ok && spring.occurrences[0]!.end.toISOString()).toBe('2026-03-08T23:00:00.000Z');
  });

  it('lists the chosen weekdays from startDate to endDate, both included', () => {
    const plan = planSeries(
      { ...base, startDate: '2026-03-02', endDate: '2026-03-11' },
      'UTC',
      NOW,
    );
    expect(plan.ok && plan.occurrences.map((o) => o.date)).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-09',
      '2026-03-11',
    ]);
  });

  it('stops at count and refuses a count that does not fit in 12 weeks', () => {
    const ok = planSeries({ ...base, startDate: '2026-03-02', count: 24 }, 'UTC', NOW);
    expect(ok.ok && ok.occurrences.length).toBe(24);
    expect(ok.ok && ok.occurrences.at(-1)!.date).toBe('2026-05-20');
    const tooMany = planSeries({ ...base, startDate: '2026-03-02', count: 25 }, 'UTC', NOW);
    expect(tooMany).toMatchObject({ ok: false, path: 'count' });
  });

  it('refuses past starts, empty ranges and overlapping occurrences', () => {
    expect(planSeries({ ...base, startDate: '2026-02-18', count: 2 }, 'UTC', NOW)).toMatchObject({
      ok: false,
      path: 'startDate',
    });
    expect(
      planSeries(
        { ...base, weekdays: [5], startDate: '2026-03-02', endDate: '2026-03-04' },
        'UTC',
        NOW,
      ),
    ).toMatchObject({ ok: false, path: 'weekdays' });
    expect(
      planSeries(
        { ...base, weekdays: [1, 2], durationMinutes: 25 * 60, startDate: '2026-03-02', count: 2 },
        'UTC',
        NOW,
      ),
    ).toMatchObject({ ok: false, path: 'durationMinutes' });
  });
});

describe('splitPayment', () => {
  it('spends credits on the first occurrences, the card pays the rest', () => {
    expect(splitPayment(3, 2000, 2500)).toEqual([
      { credits: 2000, card: 0 },
      { credits: 500, card: 1500 },
      { credits: 0, card: 2000 },
    ]);
  });
});
