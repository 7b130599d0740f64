import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../../src/seed/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, closeApp } from '../helpers/booking-fixtures.ts';
import { demoSession } from '../helpers/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.app);
}, 60_000);
afterAll(() => closeApp(t));

const demo = (email: string) => demoSession(t.app, email);

it('demo owners find conversations on active bookings with unread messages', async () => {
  for (const email of ['priya@pawsy.test', 'marcus@pawsy.test']) {
    const res = await call(t, 'GET', '/api/messages/conversations', await demo(email));
    expect(res.statusCode).toBe(200);
    const withUnread = res.json().data.filter((c: { unreadCount: number }) => c.unreadCount > 0);
    expect(withUnread.length, email).toBeGreaterThan(0);
    expect(['accepted', 'in-progress']).toContain(withUnread[0].booking.status);
    expect(withUnread[0].lastMessage.text).toEqual(expect.any(String));
  }
});

it('the admin reads the transcript of the disputed demo booking', async () => {
  const priya = await demo('priya@pawsy.test');
  const list = await call(t, 'GET', '/api/messages/conversations', priya);
  const disputed = list
    .json()
    .data.find((c: { booking: { status: string } }) => c.booking.status === 'in-progress');
  const res = await call(
    t,
    'GET',
    `/api/messages/booking/${disputed.bookingId}`,
    await demo('admin@pawsy.test'),
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.length).toBeGreaterThanOrEqual(3);
});
