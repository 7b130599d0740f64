import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@pawsy/contract';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { openSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { seedDemoData } from '../../src/seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

describe('demo data for the admin dashboard', () => {
  it('gives the demo admin a month of history: bookings most days, sign-ups over weeks', async () => {
    const admin = await t.app.db
      .selectFrom('users')
      .select(['id', 'email', 'user_type'])
      .where('email', '=', 'admin@pawsy.test')
      .executeTakeFirstOrThrow();
    const token = await openSession(t.app, admin);
    const res = await t.call({ method: 'GET', url: '/api/admin-dashboard', token });
    expect(res.statusCode, res.body).toBe(200);
    const d: AdminDashboard = res.json().data;
    expect(d.bookings.perDay.filter((p) => p.count > 0).length).toBeGreaterThanOrEqual(25);
    expect(d.users.newPerWeek.filter((p) => p.count > 0).length).toBeGreaterThanOrEqual(8);
    expect(d.bookings.byStatus.completed).toBeGreaterThan(20);
    expect(d.bookings.byStatus.cancelled).toBeGreaterThan(0);
    expect(d.creditsGranted.last30DaysCents).toBeGreaterThan(0);
    expect(d.kycPending).toBeGreaterThan(0);
    expect(d.disputesOpen).toBeGreaterThan(0);
  });

  it('leaves the demo walkthrough sitter (sam) without the history bookings', async () => {
    const sam = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sam@pawsy.test')
      .executeTakeFirstOrThrow();
    const rows = await t.app.db
      .selectFrom('bookings')
      .innerJoin('users', 'users.id', 'bookings.owner_id')
      .select('bookings.id')
      .where('bookings.provider_id', '=', sam.id)
      .where('users.email', 'like', '%@members.pawsy.test')
      .execute();
    expect(rows).toHaveLength(0);
  });
});
