import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart-form.ts';

/* The profile's dates: date of birth and the identity document's dates of issue and expiry. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function update(user: TestUser, fields: Record<string, string>) {
  const body = await multipartBody(fields, []);
  return t.call({ method: 'PUT', url: '/api/user/update-profile', token: user.token, ...body });
}
const stored = (user: TestUser) =>
  t.app.db
    .selectFrom('users')
    .select(['dob', 'date_of_issue', 'date_of_expiry'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
const yearsAgo = (n: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - n);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('profile dates', () => {
  it("refuses the tester's dates, each named in errors, and stores none of them", async () => {
    const user = await createUser(t.app);
    const res = await update(user, {
      date_of_issue: '2031-05-01',
      date_of_expiry: '1999-01-01',
      dob: '1700-01-01',
      city: 'Austin',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'dob', message: 'Date of birth cannot be more than 120 years ago' },
      { path: 'date_of_issue', message: 'Date of issue cannot be in the future' },
      { path: 'date_of_expiry', message: 'Date of expiry must be after the date of issue' },
    ]);
    expect(res.json().message).toBe('dob: Date of birth cannot be more than 120 years ago');
    expect(await stored(user)).toEqual({ dob: null, date_of_issue: null, date_of_expiry: null });
  });

  it.each([
    [{ dob: yearsAgo(120, -1) }, 'dob', 'Date of birth cannot be more than 120 years ago'],
    [{ dob: inDays(2) }, 'dob', 'Date of birth must be in the past'],
    [{ dob: '1990-02-30' }, 'dob', 'Use a date like 2020-01-31'],
    [{ date_of_issue: inDays(2) }, 'date_of_issue', 'Date of issue cannot be in the future'],
    [
      { date_of_issue: '2020-05-01', date_of_expiry: '2020-05-01' },
      'date_of_expiry',
      'Date of expiry must be after the date of issue',
    ],
    [{ date_of_expiry: '1' }, 'date_of_expiry', 'Use a date like 2020-01-31'],
  ])('refuses %j with 400 naming %s', async (fields, path, message) => {
    const res = await update(await createUser(t.app), fields);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path, message }]);
  });

  it('takes sane dates: today as date of issue, a birth date 119 years ago', async () => {
    const user = await createUser(t.app);
    const fields = { dob: yearsAgo(119), date_of_issue: inDays(0), date_of_expiry: inDays(3650) };
    const res = await update(user, fields);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(user)).toEqual(fields);
  });

  it('judges one document date sent alone against the stored other, naming the one sent', async () => {
    const user = await createUser(t.app);
    const ok = await update(user, { date_of_issue: '2015-01-01', date_of_expiry: '2020-01-01' });
    expect(ok.statusCode, ok.body).toBe(200);
    const expiry = await update(user, { date_of_expiry: '2014-12-31' });
    expect(expiry.statusCode).toBe(400);
    expect(expiry.json().errors).toEqual([
      { path: 'date_of_expiry', message: 'Date of expiry must be after the date of issue' },
    ]);
    const issue = await update(user, { date_of_issue: '2021-06-01' });
    expect(issue.statusCode).toBe(400);
    expect(issue.json().errors).toEqual([
      { path: 'date_of_issue', message: 'Date of expiry must be after the date of issue' },
    ]);
    expect(await stored(user)).toMatchObject({
      date_of_issue: '2015-01-01',
      date_of_expiry: '2020-01-01',
    });
    expect((await update(user, { date_of_expiry: '2035-01-01' })).statusCode).toBe(200);
  });

  it('does not hold an unrelated edit hostage to dates stored before these rules', async () => {
    const user = await createUser(t.app);
    await t.app.db
      .updateTable('users')
      .set({ dob: '1700-01-01', date_of_issue: '2031-05-01', date_of_expiry: '1999-01-01' })
      .where('id', '=', user.id)
      .execute();
    const res = await update(user, { city: 'Lisbon' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await update(user, { date_of_expiry: '2000-01-01' })).statusCode).toBe(400);
  });
});
