import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { closeApp, PNG_1PX } from '../helpers/booking-fixtures.ts';
import { doc, submitKyc } from '../helpers/kyc-fixtures.ts';
import { multipartBody } from '../helpers/multipart-form.ts';

/*
 * The identity a KYC review compares with the documents (name, date of birth, the document's
 * fields) stays as it is while the review runs and once it passed: the badge vouches for it.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
});
afterAll(() => closeApp(t));

const identity = {
  first_name: 'Vera',
  last_name: 'Checked',
  dob: '1990-04-12T00:00:00.000Z',
  document_type: 'driving_license',
  date_of_issue: '2020-01-15',
  date_of_expiry: '2030-01-15',
};
/** What the web form resends for that identity (every field, dates as YYYY-MM-DD). */
const sameIdentity = {
  firstName: 'Vera',
  lastName: 'Checked',
  dob: '1990-04-12',
  document_type: 'driving_license',
  date_of_issue: '2020-01-15',
  date_of_expiry: '2030-01-15',
};

async function update(user: TestUser, fields: Record<string, string>) {
  const body = await multipartBody(fields, []);
  return t.call({ method: 'PUT', url: '/api/user/update-profile', token: user.token, ...body });
}
const get = (url: string, who: TestUser) => t.call({ method: 'GET', url, token: who.token });
const decide = (userId: string, action: string) =>
  t.call({
    method: 'PUT',
    url: `/api/kyc/verify/${userId}`,
    token: admin.token,
    payload: { action },
  });

async function verifiedSitter(): Promise<TestUser> {
  const sitter = await createUser(t.app, { user_type: 'provider', ...identity });
  expect((await submitKyc(t, sitter, { text: 'id' }, [doc(PNG_1PX, 'id.png')])).statusCode).toBe(
    201,
  );
  expect((await decide(sitter.id, 'VERIFIED')).statusCode).toBe(200);
  return sitter;
}

describe('a KYC-verified user', () => {
  it('cannot change their name, date of birth or document (409 naming the fields)', async () => {
    const sitter = await verifiedSitter();
    const res = await update(sitter, {
      firstName: 'Totally',
      lastName: 'Different',
      dob: '1970-01-01',
      document_type: 'passport',
      bio: 'Sneaked in',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'Your first name, last name, date of birth and document type were checked with your ID ' +
        'and can no longer be changed here; contact support',
    );
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'firstName',
      'lastName',
      'dob',
      'document_type',
    ]);
    const oneDate: Record<string, string>[] = [
      { date_of_issue: '2021-02-02' },
      { date_of_expiry: '2031-02-02' },
    ];
    for (const fields of oneDate) {
      const one = await update(sitter, fields);
      expect(one.statusCode).toBe(409);
      expect(one.json().message).toMatch(/^Your document (issue|expiry) date was checked/);
    }
    // Nothing of the refused update was written; the public card keeps the checked name.
    const card = (await get(`/api/user/${sitter.id}`, admin)).json().data;
    expect(card).toMatchObject({
      firstName: 'Vera',
      badges: { KYC_verified: true, is_verified: true },
    });
    const own = (await get('/api/user/user-profile', sitter)).json().data;
    expect(own).toMatchObject({
      lastName: 'Checked',
      dob: identity.dob,
      document_type: 'driving_license',
      bio: null,
    });
  });

  it('a later submission rejected takes the Verified badge, and with it the lock', async () => {
    const sitter = await verifiedSitter();
    // A second record while verified, then rejected: neither trust flag stays (no badge shows).
    expect(
      (await submitKyc(t, sitter, { text: 'again' }, [doc(PNG_1PX, 'id.png')])).statusCode,
    ).toBe(201);
    expect((await decide(sitter.id, 'REJECT')).statusCode).toBe(200);
    const before = (await get(`/api/user/${sitter.id}`, admin)).json().data;
    expect(before.badges).toEqual({ KYC_verified: false, is_verified: false });

    // Nothing shown as checked any more: the name is the member's to change, badge-less.
    const res = await update(sitter, { firstName: 'Sam', lastName: 'Ortega' });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await get(`/api/user/${sitter.id}`, admin)).json().data;
    expect(after).toMatchObject({ firstName: 'Sam', badges: { is_verified: false } });
  });

  it('may fill an identity field left empty at the review, and no other', async () => {
    const sitter = await createUser(t.app, {
      user_type: 'provider',
      first_name: 'Ada',
      last_name: 'Lane',
    });
    expect((await submitKyc(t, sitter, {}, [doc(PNG_1PX, 'id.png')])).statusCode).toBe(201);
    expect((await decide(sitter.id, 'VERIFIED')).statusCode).toBe(200);
    const filled = await update(sitter, { firstName: 'Ada', dob: '1988-02-03' });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().data).toMatchObject({ firstName: 'Ada', dob: '1988-02-03' });
    expect((await update(sitter, { firstName: 'Adele' })).statusCode).toBe(409);
  });

  it('still saves every other field when the form resends the same identity', async () => {
    const sitter = await verifiedSitter();
    const res = await update(sitter, {
      ...sameIdentity,
      firstName: '  Vera ',
      bio: 'Calm with cats',
      city: 'Lyon',
      headline: 'Cat sitter',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Vera',
      dob: identity.dob,
      bio: 'Calm with cats',
      city: 'Lyon',
      headline: 'Cat sitter',
      KYC_verified: true,
      is_verified: true,
    });
  });
});

describe('a user whose documents are under review', () => {
  it('cannot change the identity until the review is done; after a rejection they can', async () => {
    const user = await createUser(t.app, identity);
    expect((await submitKyc(t, user, {}, [doc(PNG_1PX, 'id.png')])).statusCode).toBe(201);
    const pending = await update(user, { ...sameIdentity, lastName: 'Other', city: 'Nice' });
    expect(pending.statusCode, pending.body).toBe(409);
    expect(pending.json().message).toBe(
      'Your last name is being checked with your ID documents and cannot be changed until the ' +
        'review is finished',
    );
    expect((await update(user, { ...sameIdentity, city: 'Nice' })).statusCode).toBe(200);

    expect((await decide(user.id, 'REJECTED')).statusCode).toBe(200);
    const fixed = await update(user, { lastName: 'Other' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ lastName: 'Other', city: 'Nice' });
  });

  it('may fill the identity fields still empty (a new sitter sends documents first), not change the set ones', async () => {
    const user = await createUser(t.app, { first_name: 'Vera', last_name: 'Checked' });
    expect((await submitKyc(t, user, {}, [doc(PNG_1PX, 'id.png')])).statusCode).toBe(201);
    const filled = await update(user, { ...sameIdentity, bio: 'Dog person', city: 'Austin' });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().data).toMatchObject({
      dob: '1990-04-12',
      document_type: 'driving_license',
      bio: 'Dog person',
      city: 'Austin',
    });
    const changed = await update(user, { dob: '1991-05-05' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/^Your date of birth is being checked/);
  });

  it('leaves a user who never sent documents free to change it', async () => {
    const user = await createUser(t.app, identity);
    const res = await update(user, { firstName: 'Vanessa', dob: '1991-05-05' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Vanessa', dob: '1991-05-05' });
  });
});
