import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  describePattern,
  formatVisit,
  initialPattern,
  lastAllowedDate,
  validatePattern,
  type SeriesPattern,
} from './series-form-model';

const common = {
  providerId: 'b'.repeat(24),
  service: 'dog-walking',
  pets: ['e'.repeat(24)],
  notes: '',
};
const inDays = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
const pattern = (over: Partial<SeriesPattern> = {}): SeriesPattern => ({
  ...initialPattern(),
  ...over,
});

describe('series form model', () => {
  it('starts on the day the owner came with when it is ahead, else tomorrow', () => {
    const later = dayjs().add(10, 'day');
    expect(initialPattern(later.format('YYYY-MM-DD'))).toMatchObject({
      startDate: later.format('YYYY-MM-DD'),
      weekdays: [later.day()],
      endDate: later.add(27, 'day').format('YYYY-MM-DD'),
    });
    for (const given of [undefined, null, inDays(0), inDays(-3), 'soon', '2030-02-31'])
      expect(initialPattern(given).startDate, String(given)).toBe(inDays(1));
  });

  it('shows a visit in the series time zone, across midnight UTC', () => {
    const visit = { startAt: '2030-05-07T01:00:00.000Z', endAt: '2030-05-07T02:00:00.000Z' };
    expect(formatVisit(visit, 'America/Los_Angeles')).toBe('Mon 6 May 2030, 18:00–19:00');
    expect(formatVisit(visit, 'Europe/Berlin')).toBe('Tue 7 May 2030, 03:00–04:00');
  });

  it('builds the API body with an end date or a count, never both', () => {
    const byDate = validatePattern(pattern({ weekdays: [2, 4] }), common);
    expect(byDate.body).toMatchObject({ weekdays: [2, 4], time: '09:00', durationMinutes: 60 });
    expect(byDate.body).toHaveProperty('endDate');
    expect(byDate.body).not.toHaveProperty('count');
    const byCount = validatePattern(pattern({ endMode: 'count', count: 6 }), common);
    expect(byCount.body).toMatchObject({ count: 6 });
    expect(byCount.body).not.toHaveProperty('endDate');
  });

  it('refuses no weekday, a past first day and more than 12 weeks', () => {
    expect(validatePattern(pattern({ weekdays: [] }), common).errors).toMatchObject({
      weekdays: 'Choose at least one weekday',
    });
    expect(validatePattern(pattern({ startDate: inDays(-1) }), common).errors).toMatchObject({
      startDate: 'The first day cannot be in the past',
    });
    const start = inDays(1);
    const lastDay = lastAllowedDate(start)!;
    expect(validatePattern(pattern({ startDate: start, endDate: lastDay }), common).errors).toBe(
      null,
    );
    const tooLong = dayjs(lastDay).add(1, 'day').format('YYYY-MM-DD');
    expect(
      validatePattern(pattern({ startDate: start, endDate: tooLong }), common).errors,
    ).toMatchObject({ endDate: 'A series can span at most 12 weeks' });
    expect(validatePattern(pattern({ endMode: 'count', count: '' }), common).errors).toHaveProperty(
      'count',
    );
  });

  it('describes the pattern Monday first', () => {
    expect(describePattern({ weekdays: [0, 2], time: '17:30', durationMinutes: 90 })).toBe(
      'Tue, Sun at 17:30 for 1.5 hours',
    );
  });
});
