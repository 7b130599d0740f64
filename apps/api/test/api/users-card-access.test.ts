import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  closeApp,
  createOwner,
  createProvider,
  grant,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

/*
 * Whose card (GET /api/user/{id}) and received reviews (GET /api/user/{id}/reviews) a member
 * may read. A sitter's: anyone signed in. An owner's: themselves, admins, and the sitters who met
 * them through a booking (applied, invited or chosen). An admin's: themselves and other admins.
 * Everyone else gets the 404 of an unknown id, so member ids cannot be walked.
 */

let t: TestApp;
let owner: Owner;
let otherOwner: Owner;
let applicant: TestUser;
let invited: TestUser;
let stranger: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, otherOwner] = [await createOwner(t.app), await createOwner(t.app)];
  [applicant, invited, stranger] = [
    await createProvider(t.app),
    await createProvider(t.app),
    await createProvider(t.app),
  ];
  [admin, otherAdmin] = [
    await createUser(t.app, { user_type: 'admin' }),
    await createUser(t.app, { user_type: 'admin' }),
  ];
  await grant(t.app, owner.id, 100_000);
  // An open booking the applicant applies to, and a direct request to the invited sitter.
  const open = await postBooking(t, owner);
  const applied = await t.call({
    method: 'POST',
    url: `/api/booking/${open._id}/send-request`,
    token: applicant.token,
  });
  expect(applied.statusCode, applied.body).toBe(201);
  await postBooking(t, owner, { provider_id: invited.id });
}, 60_000);
afterAll(() => closeApp(t));

const read = async (path: string, reader: TestUser) =>
  (await t.call({ method: 'GET', url: path, token: reader.token })).statusCode;

const cardAndReviews = async (id: string, reader: TestUser) => [
  await read(`/api/user/${id}`, reader),
  await read(`/api/user/${id}/reviews`, reader),
];

describe("an owner's card and reviews", () => {
  it('are read by the owner, admins and the sitters who met them through a booking', async () => {
    for (const reader of [owner, admin, applicant, invited])
      expect(await cardAndReviews(owner.id, reader)).toEqual([200, 200]);
  });

  it('are an unknown id to other owners and to sitters they never met', async () => {
    for (const reader of [otherOwner, stranger]) {
      expect(await cardAndReviews(owner.id, reader)).toEqual([404, 404]);
      const res = await t.call({
        method: 'GET',
        url: `/api/user/${owner.id}`,
        token: reader.token,
      });
      expect(res.json().message).toBe('User not found');
    }
  });
});

describe("an admin's card", () => {
  it('is read by that admin and other admins, and by no member', async () => {
    for (const reader of [admin, otherAdmin])
      expect(await cardAndReviews(admin.id, reader)).toEqual([200, 200]);
    for (const reader of [owner, applicant, invited])
      expect(await cardAndReviews(admin.id, reader)).toEqual([404, 404]);
  });
});

describe("a sitter's card", () => {
  it('is read by anyone signed in', async () => {
    for (const reader of [owner, otherOwner, invited, admin])
      expect(await cardAndReviews(stranger.id, reader)).toEqual([200, 200]);
  });
});
