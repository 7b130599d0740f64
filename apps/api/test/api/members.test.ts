import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { call, closeApp } from '../helpers/booking-fixtures.ts';

let t: TestApp;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { user_type: 'admin' });
  member = await createUser(t.app, { first_name: 'Zelda', last_name: 'Quorn' });
  await createUser(t.app, {
    user_type: 'provider',
    is_paid: 1,
    first_name: 'Paid',
    last_name: 'Sitter',
  });
}, 60_000);
afterAll(() => closeApp(t));

const audit = async (userId: string) => {
  const res = await call(t, 'GET', `/api/admin/members/${userId}/audit`, admin);
  expect(res.json().success).toBe(true);
  return res.json().data as {
    action: string;
    actorId: string;
    before: unknown;
    after: unknown;
  }[];
};

describe('member list', () => {
  it('searches by name or email, case-insensitively, and filters by role and flags', async () => {
    const byName = await call(t, 'GET', '/api/admin/members?search=zELDA%20quo', admin);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data.map((m: { _id: string }) => m._id)).toEqual([member.id]);
    const byEmail = await call(
      t,
      'GET',
      `/api/admin/members?search=${member.email.toUpperCase()}`,
      admin,
    );
    expect(byEmail.json().data).toHaveLength(1);
    const paidSitters = await call(
      t,
      'GET',
      '/api/admin/members?role=provider&is_paid=true',
      admin,
    );
    expect(paidSitters.json().data.map((m: { lastName: string }) => m.lastName)).toEqual([
      'Sitter',
    ]);
    const noWildcards = await call(t, 'GET', '/api/admin/members?search=%25', admin);
    expect(noWildcards.json().meta.total).toBe(0);
  });

  it('pages with meta', async () => {
    const res = await call(t, 'GET', '/api/admin/members?limit=2&page=1', admin);
    expect(res.json().success).toBe(true);
    expect(res.json().meta).toMatchObject({
      page: 1,
      limit: 2,
      total: 3,
      totalPages: 2,
      hasMore: true,
    });
    expect(res.json().data).toHaveLength(2);
  });

  it('refuses bad filters and unknown members with a message', async () => {
    const bad = await call(t, 'GET', '/api/admin/members?role=superuser', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    const deep = await call(t, 'GET', '/api/admin/members?page=500&limit=100', admin);
    expect(deep.statusCode).toBe(400);
    const missing = await call(t, 'GET', `/api/admin/members/${'0'.repeat(24)}`, admin);
    expect(missing.statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/admin/members/nope', admin)).statusCode).toBe(404);
  });
});

describe('flag changes and the audit log', () => {
  it('records who changed which flag, before and after, and tells the member', async () => {
    const res = await call(t, 'PUT', `/api/user/${member.id}`, admin, { is_paid: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.is_paid).toBe(true);
    const [entry] = await audit(member.id);
    expect(entry).toMatchObject({
      action: 'user.flags',
      actorId: admin.id,
      actorName: expect.stringMatching(/^First\d+ Last\d+$/),
      before: { is_paid: false },
      after: { is_paid: true },
    });
    const notes = await call(t, 'GET', '/api/notifications/all', member);
    expect(notes.body).toContain('An administrator updated your account: paid');
    const page = await call(t, 'GET', `/api/admin/members/${member.id}`, admin);
    expect(page.json().data).toMatchObject({
      member: { _id: member.id, is_paid: true },
      kyc: { status: 'NOT_VERIFIED' },
      credits: { balance: 0 },
      audit: { meta: { total: 1 } },
    });
  });

  it('records a credit grant with the balance before and after', async () => {
    await call(t, 'POST', '/api/userCredit/user-credits', admin, {
      userId: member.id,
      amount: 1500,
      reason: 'Goodwill',
    });
    const [entry] = await audit(member.id);
    expect(entry).toMatchObject({
      action: 'credits.grant',
      before: { balance: 0 },
      after: { balance: 1500, amount: 1500, reason: 'Goodwill' },
    });
  });

  it('needs an id: PUT /api/user/ answers 400 "User id is required"', async () => {
    const res = await call(t, 'PUT', '/api/user/', admin, { is_verified: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('User id is required');
  });
});

describe('mass assignment: PUT /api/user/{id} sets only the three flags', () => {
  const attempts = {
    role: { is_verified: true, userType: 'admin', role: 'admin' },
    email: { is_verified: true, email: 'taken-over@example.test' },
    password: { is_verified: true, password: 'Hijacked-Password-1', password_hash: 'x' },
  };
  for (const [what, body] of Object.entries(attempts)) {
    it(`cannot change the ${what}`, async () => {
      const target = await createUser(t.app);
      const res = await call(t, 'PUT', `/api/user/${target.id}`, admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      const row = await t.app.db
        .selectFrom('users')
        .select(['user_type', 'email', 'is_verified'])
        .where('id', '=', target.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ user_type: 'user', email: target.email, is_verified: 0 });
      const login = await call(t, 'POST', '/api/auth/login', null, {
        email: target.email,
        password: target.password,
      });
      expect(login.statusCode).toBe(200);
      expect(await audit(target.id)).toEqual([]);
    });
  }
});
