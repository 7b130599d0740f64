import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@pawsy/contract';
import { createDb } from '../../src/db/index.ts';
import SQLite from '../../src/db/sqlite-driver.ts';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { KEEP_MS } from '../../src/modules/admin/admin.service.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { doc, submitKyc, TINY_PDF } from '../helpers/kyc-fixtures.ts';
import { runPermissionMatrix, type Actors } from '../helpers/permission-matrix.ts';
import {
  call,
  closeApp,
  createActors,
  createOwner,
  postBooking,
} from '../helpers/booking-fixtures.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t.app);
});
afterAll(() => closeApp(t));

runPermissionMatrix('GET /api/admin-dashboard', () => ({ t, actors, fixtures: {} }), [
  { method: 'GET', path: '/api/admin-dashboard', as: 'anonymous', expect: 401 },
  { method: 'GET', path: '/api/admin-dashboard', as: 'owner', expect: 403 },
  { method: 'GET', path: '/api/admin-dashboard', as: 'another owner', expect: 403 },
  { method: 'GET', path: '/api/admin-dashboard', as: 'provider', expect: 403 },
  { method: 'GET', path: '/api/admin-dashboard', as: 'another provider', expect: 403 },
  { method: 'GET', path: '/api/admin-dashboard', as: 'admin', expect: 200 },
]);

async function dashboard(): Promise<AdminDashboard> {
  const res = await call(t, 'GET', '/api/admin-dashboard', actors.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const last = <T>(list: T[]) => list[list.length - 1]!;

describe('GET /api/admin-dashboard figures', () => {
  it('gives gap-free trends: 30 days ending today, 12 Monday-based weeks', async () => {
    const d = await dashboard();
    expect(d.bookings.perDay).toHaveLength(30);
    expect(last(d.bookings.perDay).date).toBe(nowIso().slice(0, 10));
    expect(d.users.newPerWeek).toHaveLength(12);
    for (const w of d.users.newPerWeek) expect(new Date(w.date).getUTCDay()).toBe(1);
    expect(d.since.slice(0, 10)).toBe(d.bookings.perDay[0]!.date);
  });

  it('counts what happens: sign-ups, bookings, KYC, credits, disputes, payments', async () => {
    const before = await dashboard();
    const owner = await createOwner(t.app);
    const booking = await postBooking(t, owner);
    expect(
      (
        await submitKyc(t, owner, { text: 'me', userId: owner.id }, [
          doc(TINY_PDF, 'id.pdf', 'application/pdf'),
        ])
      ).statusCode,
    ).toBe(201);
    const granted = await call(t, 'POST', '/api/userCredit/user-credits', actors.admin, {
      userId: owner.id,
      amount: 1500,
      reason: 'Welcome',
    });
    expect(granted.statusCode, granted.body).toBeLessThan(300);
    // A booking created long ago is outside every 30-day figure.
    await t.app.db
      .updateTable('bookings')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', (await postBooking(t, owner))._id)
      .execute();
    await t.app.db
      .insertInto('payments')
      .values({
        id: newId(),
        user_id: owner.id,
        kind: 'booking',
        reference_id: booking._id,
        amount_cents: 2000,
        currency: 'USD',
        status: 'partially_refunded',
        gateway: 'sandbox',
        gateway_ref: null,
        coupon_id: null,
        discount_cents: 0,
        refunded_cents: 500,
        created_at: nowIso(),
        paid_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();

    const after = await dashboard();
    expect(after.users.byRole.user).toBe(before.users.byRole.user + 1);
    expect(after.users.total).toBe(before.users.total + 1);
    expect(last(after.users.newPerWeek).count).toBe(last(before.users.newPerWeek).count + 1);
    expect(after.bookings.byStatus.pending).toBe((before.bookings.byStatus.pending ?? 0) + 1);
    expect(after.bookings.last30Days).toBe(before.bookings.last30Days + 1);
    expect(last(after.bookings.perDay).count).toBe(last(before.bookings.perDay).count + 1);
    expect(after.kycPending).toBe(before.kycPending + 1);
    expect(after.creditsGranted.last30DaysCents).toBe(before.creditsGranted.last30DaysCents + 1500);
    expect(after.revenue.last30DaysCents).toBe(before.revenue.last30DaysCents + 1500);
  });

  it('counts open disputes and bookings by their current status', async () => {
    const before = await dashboard();
    const owner = await createOwner(t.app);
    const { provider } = actors;
    const b = await postBooking(t, owner);
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, provider);
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: provider.id,
      decision: 'accepted',
    });
    const opened = await call(t, 'POST', '/api/dispute/', owner, {
      bookingId: b._id,
      reason: 'No show',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const after = await dashboard();
    expect(after.disputesOpen).toBe(before.disputesOpen + 1);
    expect(after.bookings.byStatus.accepted).toBe((before.bookings.byStatus.accepted ?? 0) + 1);
  });

  // On SQLite the figures are kept while this process has written nothing, for at most KEEP_MS:
  // a write of this process (any connection it opened) shows at once, another process's within
  // KEEP_MS. PostgreSQL reads every time.
  it('shows writes at once from this process, within KEEP_MS from another', async () => {
    const total = async () => (await dashboard()).users.total;
    const first = await total();
    expect(await total()).toBe(first);

    const one = await createOwner(t.app);
    expect(await total()).toBe(first + 1);

    const database = t.app.config.database;
    const sibling = createDb(database);
    await sibling
      .updateTable('users')
      .set({ deleted_at: nowIso() })
      .where('id', '=', one.id)
      .execute();
    await sibling.destroy();
    expect(await total()).toBe(first);

    const two = await createOwner(t.app);
    expect(await total()).toBe(first + 1);
    if (database.kind === 'sqlite') {
      // Another process's connection: better-sqlite3 on the file, unseen by this process's count.
      const other = new SQLite(database.file);
      other.prepare('update users set deleted_at = ? where id = ?').run(nowIso(), two.id);
      other.close();
      await new Promise((resolve) => setTimeout(resolve, KEEP_MS + 20));
    } else {
      await t.app.db
        .updateTable('users')
        .set({ deleted_at: nowIso() })
        .where('id', '=', two.id)
        .execute();
    }
    expect(await total()).toBe(first);
  });
});
