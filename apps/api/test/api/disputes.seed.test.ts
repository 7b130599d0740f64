import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { demoSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { DISPUTE_WINDOW_DAYS } from '@pawsy/contract';
import { seedDemoData } from '../../src/seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const sessionOf = (email: string) => demoSession(t.app, email);

type Dispute = {
  _id: string;
  bookingId: string;
  status: string;
  winnerId: string | null;
  createdAt: string;
  booking: { owner: { _id: string }; endDate: string };
};

describe('demo disputes', () => {
  it('has one open, one resolved with a winner and one closed, seen by their parties', async () => {
    const admin = await sessionOf('admin@pawsy.test');
    const all = (await t.call({ method: 'GET', url: '/api/dispute/', token: admin.token })).json();
    const byStatus = Object.fromEntries((all.data as Dispute[]).map((d) => [d.status, d] as const));
    expect(Object.keys(byStatus).sort()).toEqual(['closed', 'open', 'resolved']);
    expect(byStatus.resolved!.winnerId).toBe(byStatus.resolved!.booking.owner._id);

    const marcus = await sessionOf('marcus@pawsy.test');
    const his = (await t.call({ method: 'GET', url: '/api/dispute/', token: marcus.token })).json();
    expect(his.data.map((d: Dispute) => d.status).sort()).toEqual(['closed', 'resolved']);
  });

  it('keeps the rules a member meets: one dispute per booking, opened within 14 days of its end', async () => {
    const admin = await sessionOf('admin@pawsy.test');
    const all = (await t.call({ method: 'GET', url: '/api/dispute/', token: admin.token })).json()
      .data as Dispute[];
    expect(new Set(all.map((d) => d.bookingId)).size).toBe(all.length);
    for (const d of all)
      expect(Date.parse(d.createdAt)).toBeLessThan(
        Date.parse(d.booking.endDate) + DISPUTE_WINDOW_DAYS * 86_400_000,
      );
    // A party of a disputed demo booking is told an admin can reopen the one there is.
    const marcus = await sessionOf('marcus@pawsy.test');
    const closed = all.find((d) => d.status === 'closed')!;
    const again = await t.call({
      method: 'POST',
      url: '/api/dispute/',
      token: marcus.token,
      payload: { bookingId: closed.bookingId, reason: 'Still no key' },
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toMatch(/an admin can reopen it/);
  });
});
