import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  bookingRow,
  createOwner,
  createProvider,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

/*
 * A query filter sent empty (`?status=`, as SPEC §7 prints the in-progress call) means the filter
 * left out: the list's default, never a 400 (decisions.md, "One error model": a value left out or
 * empty still means the default). One rule in the contract (`queryParam`), so every list keeps it.
 */

let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
  await t.app.db
    .insertInto('bookings')
    .values([
      bookingRow(owner.id, { status: 'in-progress', provider_id: sitter.id }),
      bookingRow(owner.id, { status: 'accepted', provider_id: sitter.id }),
      bookingRow(owner.id, { status: 'pending' }),
    ])
    .execute();
}, 60_000);
afterAll(() => t.close());

type Caller = 'owner' | 'sitter' | 'admin';
const token = (who: Caller) => ({ owner, sitter, admin })[who].token;

/** [caller, path, the empty filters]: with them the answer equals the answer without them. */
const cases: [Caller, string, string][] = [
  ['sitter', '/api/booking/provider/in-progress', 'status='],
  ['sitter', '/api/booking/', 'status='],
  ['owner', '/api/booking/', 'status='],
  ['owner', '/api/booking/user', 'status='],
  ['owner', '/api/booking/series', 'status=&role='],
  ['owner', '/api/dispute/', 'status='],
  ['admin', '/api/dispute/', 'status='],
  ['sitter', '/api/booking/requests/mine', 'state='],
  ['admin', '/api/kyc', 'status='],
  ['admin', '/api/admin/members', 'role=&is_verified=&KYC_verified=&is_paid='],
  ['owner', '/api/user/nearby', 'petType='],
  ['owner', '/api/user/nearby', 'startDate=&endDate='],
  ['owner', '/api/user/nearby', 'service=&petType=&startDate=&endDate=&name=&city=&page=&limit='],
];

describe('an empty query filter means the filter left out', () => {
  it.each(cases)('%s GET %s?%s', async (who, path, empty) => {
    const get = (url: string) => t.call({ method: 'GET', url, token: token(who) });
    const withEmpty = await get(`${path}?${empty}`);
    expect(withEmpty.statusCode, withEmpty.body).toBe(200);
    const without = await get(path);
    expect(without.statusCode, without.body).toBe(200);
    expect(withEmpty.json()).toEqual(without.json());
  });

  it("the provider list's default status applies: in-progress", async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/booking/provider/in-progress?status=',
      token: sitter.token,
    });
    const statuses = (res.json().data as { status: string }[]).map((b) => b.status);
    expect(statuses).toEqual(['in-progress']);
  });

  it('a value that is not empty is still checked', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/booking/provider/in-progress?status=sleeping',
      token: sitter.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('status');
  });
});
