import { describe, expect, it } from 'vitest';
import { profileDateIssues } from './profile-dates.ts';

const now = new Date('2026-12-05T12:00:00Z');

describe('profileDateIssues', () => {
  it('takes today as a date of issue, also where the day began ahead of UTC', () => {
    expect(profileDateIssues({ date_of_issue: '2026-12-05' }, ['date_of_issue'], now)).toEqual([]);
    const late = new Date('2026-12-05T22:00:00Z'); // already the 6th in UTC+14
    expect(profileDateIssues({ date_of_issue: '2026-12-06' }, ['date_of_issue'], late)).toEqual([]);
    expect(
      profileDateIssues({ date_of_issue: '2026-12-07' }, ['date_of_issue'], late).map(
        (i) => i.path,
      ),
    ).toEqual(['date_of_issue']);
  });

  it('bounds the date of birth to the last 120 years', () => {
    expect(profileDateIssues({ dob: '1906-12-05' }, ['dob'], now)).toEqual([]);
    expect(profileDateIssues({ dob: '1906-12-04' }, ['dob'], now)).toHaveLength(1);
  });

  it('judges only rules touching a field that changed', () => {
    const stale = { dob: '1700-01-01', date_of_issue: '2031-01-01', date_of_expiry: '1999-01-01' };
    expect(profileDateIssues(stale, [], now)).toEqual([]);
    expect(profileDateIssues(stale, ['date_of_expiry'], now)).toEqual([
      { path: 'date_of_expiry', message: 'Date of expiry must be after the date of issue' },
    ]);
  });
});
