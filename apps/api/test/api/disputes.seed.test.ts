import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { demoSession } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';
import { seedDemoData } from '../../src/seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const sessionOf = (email: string) => demoSession(t.app, email);

type Dispute = { status: string; winnerId: string | null; booking: { owner: { _id: string } } };

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
});
