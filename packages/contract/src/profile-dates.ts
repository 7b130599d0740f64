/**
 * The rules of a profile's dates (date of birth and the identity document's dates), beyond being
 * ISO 8601 dates. The API applies them to what a profile update would store; the web profile form
 * shows the same ones before sending. No zod here: the form's chunk stays light.
 */

/** The oldest a person can plausibly be. */
export const DOB_MAX_AGE_YEARS = 120;
/**
 * A date-only value is midnight UTC; where the day has already begun (up to UTC+14) "today" is
 * still allowed as a date of issue.
 */
const AHEAD_OF_UTC_MS = 14 * 3600_000;

export const PROFILE_DATE_MESSAGES = {
  dobFuture: 'Date of birth must be in the past',
  dobTooOld: `Date of birth cannot be more than ${DOB_MAX_AGE_YEARS} years ago`,
  issueFuture: 'Date of issue cannot be in the future',
  expiryBeforeIssue: 'Date of expiry must be after the date of issue',
} as const;

export type ProfileDateField = 'dob' | 'date_of_issue' | 'date_of_expiry';
export type ProfileDates = Partial<Record<ProfileDateField, string | null>>;
export type ProfileDateIssue = { path: ProfileDateField; message: string };

/**
 * What is wrong with a profile's dates. `dates` holds the values the profile would have (sent or
 * stored); only rules touching a field of `changed` are judged, so a value stored before these
 * rules does not block an unrelated edit. Unparseable values are left to the format check.
 */
export function profileDateIssues(
  dates: ProfileDates,
  changed: readonly ProfileDateField[],
  now: Date = new Date(),
): ProfileDateIssue[] {
  const issues: ProfileDateIssue[] = [];
  const at = (field: ProfileDateField) => {
    const value = dates[field];
    const ms = value ? Date.parse(value) : Number.NaN;
    return Number.isNaN(ms) ? null : ms;
  };
  const dob = at('dob');
  if (dob !== null && changed.includes('dob')) {
    const oldest = new Date(now);
    oldest.setUTCFullYear(oldest.getUTCFullYear() - DOB_MAX_AGE_YEARS);
    oldest.setUTCHours(0, 0, 0, 0); // the whole day 120 years ago is still allowed
    if (dob >= now.getTime())
      issues.push({ path: 'dob', message: PROFILE_DATE_MESSAGES.dobFuture });
    else if (dob < oldest.getTime())
      issues.push({ path: 'dob', message: PROFILE_DATE_MESSAGES.dobTooOld });
  }
  const issue = at('date_of_issue');
  if (
    issue !== null &&
    changed.includes('date_of_issue') &&
    issue > now.getTime() + AHEAD_OF_UTC_MS
  )
    issues.push({ path: 'date_of_issue', message: PROFILE_DATE_MESSAGES.issueFuture });
  const expiry = at('date_of_expiry');
  const isPairChanged = changed.includes('date_of_issue') || changed.includes('date_of_expiry');
  if (issue !== null && expiry !== null && isPairChanged && expiry <= issue)
    issues.push({
      // Named by the field just sent; when both were, by the expiry.
      path: changed.includes('date_of_expiry') ? 'date_of_expiry' : 'date_of_issue',
      message: PROFILE_DATE_MESSAGES.expiryBeforeIssue,
    });
  return issues;
}
