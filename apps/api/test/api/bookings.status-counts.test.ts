import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { bookingRow, closeApp } from '../helpers/booking-fixtures.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  admin = await createUser(t.app, { user_type: 'admin' });
});
afterAll(() => closeApp(t));

const STATUSES = ['pending', 'accepted', 'in-progress', 'completed', 'cancelled'] as const;

let made = 0;
function row(status: (typeof STATUSES)[number]) {
  // created over the last three days, so the per-day counts have several days to keep
  const at = new Date(Date.now() - (made++ % 3) * 86_400_000).toISOString();
  return bookingRow(owner.id, { status }, at);
}

/** Per status: [counted from bookings, summed from booking_status_counts]. */
async function both() {
  const counted = await t.app.db
    .selectFrom('bookings')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const summed = await t.app.db
    .selectFrom('booking_status_counts')
    .select(['status', sql<number | string>`sum(n)`.as('n')])
    .groupBy('status')
    .execute();
  const of = (rows: { status: string; n: number | string }[]) =>
    Object.fromEntries(STATUSES.map((s) => [s, Number(rows.find((r) => r.status === s)?.n ?? 0)]));
  return { counted: of(counted), summed: of(summed) };
}

/** Per (UTC day of creation, status): counted from bookings vs summed from booking_day_counts. */
async function byDay() {
  const counted = await t.app.db
    .selectFrom('bookings')
    .select([
      sql<string>`substr(created_at, 1, 10)`.as('day'),
      'status',
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .groupBy([sql`substr(created_at, 1, 10)`, 'status'])
    .execute();
  const summed = await t.app.db
    .selectFrom('booking_day_counts')
    .select(['day', 'status', sql<number | string>`sum(n)`.as('n')])
    .groupBy(['day', 'status'])
    .having(sql`sum(n)`, '<>', 0)
    .execute();
  const of = (rows: { day: string; status: string; n: number | string }[]) =>
    Object.fromEntries(rows.map((r) => [`${r.day} ${r.status}`, Number(r.n)]));
  return { counted: of(counted), summed: of(summed) };
}

async function adminTotal(status?: string) {
  const res = await t.call({
    method: 'GET',
    url: `/api/booking/${status ? `?status=${status}` : ''}`,
    token: admin.token,
  });
  expect(res.statusCode).toBe(200);
  return res.json().total as number;
}

describe('booking_status_counts and booking_day_counts (trigger-kept) behind admin totals', () => {
  it('follows inserts, status changes and deletes, and gives the admin list its totals', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(STATUSES[i % STATUSES.length]!));
    await t.app.db.insertInto('bookings').values(rows).execute();
    let { counted, summed } = await both();
    expect(summed).toEqual(counted);
    expect(counted.pending).toBe(8);
    const days = await byDay();
    expect(days.summed).toEqual(days.counted);

    // status changes (one no-op update of another column), then deletes
    await t.app.db
      .updateTable('bookings')
      .set({ status: 'cancelled' })
      .where('status', '=', 'pending')
      .execute();
    await t.app.db
      .updateTable('bookings')
      .set({ notes: 'edited' })
      .where('status', '=', 'accepted')
      .execute();
    await t.app.db.deleteFrom('bookings').where('status', '=', 'completed').execute();
    ({ counted, summed } = await both());
    expect(summed).toEqual(counted);
    expect(counted).toEqual({
      pending: 0,
      accepted: 8,
      'in-progress': 8,
      completed: 0,
      cancelled: 16,
    });

    const daysAfter = await byDay();
    expect(daysAfter.summed).toEqual(daysAfter.counted);
    expect(Object.keys(daysAfter.counted).length).toBeGreaterThan(3);

    expect(await adminTotal()).toBe(32);
    expect(await adminTotal('cancelled')).toBe(16);
    expect(await adminTotal('completed')).toBe(0);
  });

  it('stays right under concurrent inserts and status changes', async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('bookings')
            .values([row('pending'), row('accepted')])
            .execute();
          if (i % 2)
            await trx
              .updateTable('bookings')
              .set({ status: 'in-progress' })
              .where('id', 'in', (eb) =>
                eb.selectFrom('bookings').select('id').where('status', '=', 'accepted').limit(1),
              )
              .execute();
        }),
      ),
    );
    const { counted, summed } = await both();
    expect(summed).toEqual(counted);
    const days = await byDay();
    expect(days.summed).toEqual(days.counted);
    expect(await adminTotal()).toBe(52);
  });
});

describe('user_role_counts (trigger-kept) behind the dashboard users by role', () => {
  it('follows sign-ups, role changes, soft and hard deletes', async () => {
    const extra = [
      await createUser(t.app, { user_type: 'provider' }),
      await createUser(t.app, { user_type: 'provider' }),
      await createUser(t.app, { user_type: 'user' }),
    ];
    await t.app.db
      .updateTable('users')
      .set({ user_type: 'user' })
      .where('id', '=', extra[0]!.id)
      .execute();
    await t.app.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', extra[1]!.id)
      .execute();
    await t.app.db.deleteFrom('sessions').where('user_id', '=', extra[2]!.id).execute();
    await t.app.db.deleteFrom('users').where('id', '=', extra[2]!.id).execute();
    const counted = await t.app.db
      .selectFrom('users')
      .select(['user_type', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('deleted_at', 'is', null)
      .groupBy('user_type')
      .execute();
    const kept = await t.app.db
      .selectFrom('user_role_counts')
      .select(['user_type', 'n'])
      .where('n', '<>', 0)
      .execute();
    const of = (rows: { user_type: string; n: number | string }[]) =>
      Object.fromEntries(rows.map((r) => [r.user_type, Number(r.n)]));
    expect(of(kept)).toEqual(of(counted));
    expect(of(counted)).toEqual({ user: 2, admin: 1 });
    const res = await t.call({ method: 'GET', url: '/api/admin-dashboard', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.users.byRole).toEqual({ user: 2, provider: 0, admin: 1 });
  });
});

describe('user_day_counts (trigger-kept) behind the dashboard sign-ups', () => {
  it('follows sign-ups, a moved creation time and hard deletes', async () => {
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    const made = [
      await createUser(t.app, { created_at: daysAgo(3) }),
      await createUser(t.app, { created_at: daysAgo(3) }),
      await createUser(t.app, { created_at: daysAgo(10) }),
    ];
    await t.app.db
      .updateTable('users')
      .set({ created_at: daysAgo(20) })
      .where('id', '=', made[0]!.id)
      .execute();
    await t.app.db.deleteFrom('sessions').where('user_id', '=', made[2]!.id).execute();
    await t.app.db.deleteFrom('users').where('id', '=', made[2]!.id).execute();
    const counted = await t.app.db
      .selectFrom('users')
      .select([
        sql<string>`substr(created_at, 1, 10)`.as('day'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .groupBy(sql`substr(created_at, 1, 10)`)
      .execute();
    const kept = await t.app.db
      .selectFrom('user_day_counts')
      .select(['day', 'n'])
      .where('n', '<>', 0)
      .execute();
    const of = (rows: { day: string; n: number | string }[]) =>
      Object.fromEntries(rows.map((r) => [r.day, Number(r.n)]));
    expect(of(kept)).toEqual(of(counted));
    expect(of(kept)[daysAgo(20).slice(0, 10)]).toBe(1);
    expect(of(kept)[daysAgo(10).slice(0, 10)]).toBeUndefined();
    const res = await t.call({ method: 'GET', url: '/api/admin-dashboard', token: admin.token });
    expect(res.statusCode).toBe(200);
  });
});
